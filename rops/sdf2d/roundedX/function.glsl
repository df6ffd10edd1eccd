ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // By symmetry the nearest stroke is the half diagonal in p's quadrant.
  p = abs(p);
  float t = clamp(0.5 * (p.x + p.y), 0.0, 0.5 * THIS_Width);
  float d = length(p - vec2(t)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
