vec3 THIS_distanceColor(float d, float px) {
  vec3 col = d > 0.0 ? THIS_OutsideColor : THIS_InsideColor;
  col *= 1.0 - exp(-3.0 * abs(d) / THIS_BandSpacing * 0.1 - 0.4) * 0.4;
  col *= 0.85 + 0.15 * cos(TAU * d / THIS_BandSpacing);
  return mix(col, THIS_LineColor, 1.0 - smoothstep(0.0, 1.5 * px, abs(d)));
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  vec2 res = rk_resolution.xy;
  // World units per pixel along x and y: View height across the image's
  // height (the default), its smaller or larger side, or both (stretched).
#if defined(THIS_Scaling_fill)
  vec2 px = vec2(THIS_Zoom) / res;
#elif defined(THIS_Scaling_fitInside)
  vec2 px = vec2(THIS_Zoom / min(res.x, res.y));
#elif defined(THIS_Scaling_fitOutside)
  vec2 px = vec2(THIS_Zoom / max(res.x, res.y));
#else
  vec2 px = vec2(THIS_Zoom / res.y);
#endif
#if defined(THIS_Alignment_bottomLeft)
  vec2 p = fragCoord * px + THIS_Center;
#else
  vec2 p = (fragCoord - 0.5 * res) * px + THIS_Center;
#endif
#ifdef THIS_HAS_INPUT_3
  // The coordinate from the UV map, read at the pixel's place in the image (0..1).
  p = inputOp3(fragCoord / res, ropkitContextAt(vec3(fragCoord / res, 0.0))).xy;
#endif
  Context c = ropkitContextAt(vec3(p, 0.0));
#if defined(THIS_HAS_INPUT_2)
  // A 1D field along x.
#define THIS_READ inputOp2(p.x, c)
#elif defined(THIS_HAS_INPUT_1)
#define THIS_READ inputOp1(p, c)
#else
#error render2D needs a field or a 1D field
#endif
#if (defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_vec4)) || (!defined(THIS_HAS_INPUT_2) && defined(inputOp1_RETURN_TYPE_vec4))
  vec4 v = THIS_READ;
  return THIS_Alpha ? v : vec4(v.rgb, 1.0);
#else
#if !defined(THIS_HAS_INPUT_2) && defined(inputOp1_RETURN_TYPE_Sdf)
  float d = THIS_READ.x;
#else
  float d = THIS_READ;
#endif
#if defined(THIS_Mode_field)
  return vec4(vec3(clamp(d, 0.0, 1.0)), 1.0);
#else
  return vec4(THIS_distanceColor(d, px.y), 1.0);
#endif
#endif
}
