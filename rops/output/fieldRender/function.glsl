vec3 THIS_map(float t) {
#if defined(THIS_ColorMap_grey)
  return vec3(clamp(t, 0.0, 1.0));
#elif defined(THIS_ColorMap_magma)
  return rkcMagma(t);
#elif defined(THIS_ColorMap_inferno)
  return rkcInferno(t);
#elif defined(THIS_ColorMap_coolwarm)
  return rkcCoolwarm(t);
#elif defined(THIS_ColorMap_rainbow)
  return rkcRainbow(t);
#else
  return rkcViridis(t);
#endif
}

// The field's value as a float (or its colour) at a point of the image plane.
vec4 THIS_sample(vec2 q) {
#if defined(inputOp1_COORD_TYPE_vec3)
#if defined(THIS_Plane_xz)
  vec3 p = vec3(q.x, THIS_Slice, q.y);
#elif defined(THIS_Plane_zy)
  vec3 p = vec3(THIS_Slice, q.y, q.x);
#else
  vec3 p = vec3(q, THIS_Slice);
#endif
  Context c = ropkitContextAt(p);
#else
  vec2 p = q;
  Context c = ropkitContextAt(vec3(p, 0.0));
#endif
#if defined(inputOp1_RETURN_TYPE_vec4)
  return inputOp1(p, c);
#elif defined(inputOp1_RETURN_TYPE_Sdf)
  return vec4(inputOp1(p, c).x);
#else
  return vec4(inputOp1(p, c));
#endif
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  float px = THIS_Zoom / rk_resolution.y;
  vec2 q = (fragCoord - 0.5 * rk_resolution.xy) * px + THIS_Center;
  vec4 s = THIS_sample(q);
#if defined(inputOp1_RETURN_TYPE_vec4)
  return vec4(s.rgb, 1.0);
#else
  float v = s.x;
  float span = THIS_Range.y - THIS_Range.x;
  vec3 col = THIS_map((v - THIS_Range.x) / (abs(span) > 1e-9 ? span : 1e-9));
  if (THIS_Contours > 0.0) {
    // Distance to the nearest contour value, in pixels (through the value's
    // change per pixel, from its neighbours).
    float g = length(vec2(THIS_sample(q + vec2(px, 0.0)).x - v, THIS_sample(q + vec2(0.0, px)).x - v));
    float k = v / THIS_Contours;
    float off = abs(k - floor(k + 0.5)) * THIS_Contours / max(g, 1e-9);
    col = mix(THIS_ContourColor, col, smoothstep(0.5, 1.5, off));
  }
  return vec4(col, 1.0);
#endif
}
