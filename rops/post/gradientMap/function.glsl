ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec2 r = THIS_Range;
  float span = abs(r.y - r.x) < 1e-9 ? 1e-9 : r.y - r.x;
  float t = clamp((colLuma(c.rgb) - r.x) / span, 0.0, 1.0);
#if defined(THIS_Mode_palette)
  vec3 rgb = 0.5 + 0.5 * cos(TAU * (t + THIS_Phase + vec3(0.0, 0.33, 0.67)));
#else
  vec3 rgb = colRamp3(THIS_ColorA, THIS_ColorB, THIS_ColorC, t);
#endif
  return vec4(rgb, c.a);
}
