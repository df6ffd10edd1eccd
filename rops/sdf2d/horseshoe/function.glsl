ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  p.x = abs(p.x);
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  float r = THIS_Radius;
  vec2 sc = vec2(sin(an), cos(an));
  // The right end of the arc and the leg leaving it along the arc's tangent.
  vec2 end = r * sc;
  vec2 foot = end + THIS_Length * vec2(sc.y, -sc.x);
  float d = min(rkArcY(p, r, an), rkSegment(p, end, foot)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
