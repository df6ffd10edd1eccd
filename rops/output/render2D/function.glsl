vec3 THIS_distanceColor(float d, float px) {
  vec3 col = d > 0.0 ? THIS_OutsideColor : THIS_InsideColor;
  col *= 1.0 - exp(-3.0 * abs(d) / THIS_BandSpacing * 0.1 - 0.4) * 0.4;
  col *= 0.85 + 0.15 * cos(TAU * d / THIS_BandSpacing);
  return mix(col, THIS_LineColor, 1.0 - smoothstep(0.0, 1.5 * px, abs(d)));
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  float px = THIS_Zoom / rk_resolution.y;
  vec2 p = (fragCoord - 0.5 * rk_resolution.xy) * px + THIS_Center;
  Context c = ropkitContextAt(vec3(p, 0.0));
#if defined(inputOp1_RETURN_TYPE_vec4)
  return vec4(inputOp1(p, c).rgb, 1.0);
#else
#if defined(inputOp1_RETURN_TYPE_Sdf)
  float d = inputOp1(p, c).x;
#else
  float d = inputOp1(p, c);
#endif
#if defined(THIS_Mode_field)
  return vec4(vec3(clamp(d, 0.0, 1.0)), 1.0);
#else
  return vec4(THIS_distanceColor(d, px), 1.0);
#endif
#endif
}
