ReturnT thismap(CoordT p, ContextT ctx) {
  float b = max(THIS_Height * 0.5, 1e-5);
  float a = clamp(THIS_Width * 0.5, 1e-5, b);
  // Discs of radius r centred at (+-dd, 0): r - dd = a, r^2 - dd^2 = b^2.
  float r = 0.5 * (a + b * b / a);
  float dd = r - a;
  p = abs(p - THIS_Translate);
  float d = ((p.y - b) * dd > p.x * b) ? length(p - vec2(0.0, b)) : length(p - vec2(-dd, 0.0)) - r;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
