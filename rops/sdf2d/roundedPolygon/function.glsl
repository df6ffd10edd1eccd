ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float n = max(float(THIS_Sides), 3.0);
  float half_ = PI / n;
  float apothem = THIS_Radius * cos(half_);
  float r = clamp(THIS_Rounding, 0.0, apothem);
  // The rounded polygon is a smaller polygon (sides moved in by r) grown by r.
  float ap = apothem - r;
  float hw = ap * tan(half_);
  // Turn p into the frame of the nearest side: x along it, y outwards.
  float an = mod(atan(p.x, p.y), 2.0 * half_) - half_;
  vec2 q = length(p) * vec2(sin(an), cos(an));
  float d = q.y < ap ? q.y - ap : length(vec2(q.x - clamp(q.x, -hw, hw), q.y - ap));
  d -= r;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
