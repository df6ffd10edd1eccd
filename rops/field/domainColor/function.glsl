ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  vec2 z = inputOp1(p, ctx).xy;
#else
  vec2 z = p.xy;
#endif
  float turn = fract(atan(z.y, z.x) / TAU);
  float m = log2(max(length(z), 1e-20));
  float v = 1.0 - THIS_Bands * (1.0 - fract(m));
  if (THIS_GridStrength != 0.0) {
    // 0 on the lines where the real or imaginary part is a multiple of
    // GridSpacing, 1 halfway between; a low LinePower thins the lines.
    vec2 g = abs(sin(PI * z / max(THIS_GridSpacing, 1e-6)));
    v *= mix(1.0, pow(g.x * g.y, THIS_LinePower), THIS_GridStrength);
  }
  return vec4(rklHsv(turn, THIS_Saturation, v), 1.0);
}
