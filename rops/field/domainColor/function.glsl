ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  vec2 z = inputOp1(p, ctx).xy;
#else
  vec2 z = p.xy;
#endif
  float turn = fract(atan(z.y, z.x) / TAU);
  float m = log2(max(length(z), 1e-20));
  float v = 1.0 - THIS_Bands * (1.0 - fract(m));
  return vec4(rklHsv(turn, THIS_Saturation, v), 1.0);
}
