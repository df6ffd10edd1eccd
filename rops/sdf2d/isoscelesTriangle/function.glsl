ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // Turned (or mirrored across the axis, the same by symmetry) so that the
  // apex points up.
#if defined(THIS_Direction_down)
  p.y = -p.y;
#elif defined(THIS_Direction_left)
  p = vec2(p.y, -p.x);
#elif defined(THIS_Direction_right)
  p = vec2(p.y, p.x);
#endif
  p.x = abs(p.x);
  float hw = 0.5 * THIS_Width;
  float hh = 0.5 * THIS_Height;
#if defined(THIS_PositionMode_base)
  p.y -= hh;
#elif defined(THIS_PositionMode_tip)
  p.y += hh;
#endif
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
