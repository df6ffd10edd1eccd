ReturnT thismap(CoordT p, ContextT ctx) {
  float u = abs(fract(p) - 0.5);
  return smoothstep(0.0, THIS_LowWidth - THIS_HighWidth, u - 0.5 + THIS_LowWidth);
}
