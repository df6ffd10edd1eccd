ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  p.x = abs(p.x);
  float ra = max(THIS_Radius, 1e-6);
  float rb = clamp(THIS_TopRadius, 0.0, ra);
  // The side arc has radius 2 ra about (-ra, 0); the top disk touches it
  // from inside, so its centre (0, k) is 2 ra - rb from (-ra, 0).
  float k = sqrt(max((2.0 * ra - rb) * (2.0 * ra - rb) - ra * ra, 0.0));
  float d;
  if (p.y < 0.0) {
    d = length(p) - ra;
  } else if (ra * p.y - k * (p.x + ra) > 0.0) {
    // Beyond the line from (-ra, 0) through the top centre: the top disk.
    d = length(p - vec2(0.0, k)) - rb;
  } else {
    d = length(p + vec2(ra, 0.0)) - 2.0 * ra;
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
