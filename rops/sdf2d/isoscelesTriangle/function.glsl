ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  p.x = abs(p.x);
  float hw = 0.5 * THIS_Width;
  float hh = 0.5 * THIS_Height;
  vec2 corner = vec2(hw, -hh);
  vec2 apex = vec2(0.0, hh);
  float dist = min(rkSegment(p, vec2(0.0, -hh), corner), rkSegment(p, corner, apex));
  // Inside: above the base and to the left of the right side (going up).
  vec2 e = apex - corner;
  bool inside = p.y > -hh && (e.x * (p.y - corner.y) - e.y * (p.x - corner.x)) > 0.0;
  float d = inside ? -dist : dist;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
