ReturnT thismap(CoordT p, ContextT ctx) {
  float r1 = THIS_BottomWidth * 0.5;
  float r2 = THIS_TopWidth * 0.5;
#if defined(THIS_Mode_endPoints)
  // The frame with Point 1 at (0, -he) and Point 2 at (0, he): a turn and a
  // move, so distances are kept.
  vec2 axis = THIS_Point2 - THIS_Point1;
  float he = 0.5 * length(axis);
  axis = he > 1e-9 ? axis / (2.0 * he) : vec2(0.0, 1.0);
  vec2 rel = p - 0.5 * (THIS_Point1 + THIS_Point2);
  p = vec2(rel.x * axis.y - rel.y * axis.x, dot(rel, axis));
#else
  p -= THIS_Translate;
  float he = THIS_Height * 0.5;
#endif
  vec2 k1 = vec2(r2, he);
  vec2 k2 = vec2(r2 - r1, 2.0 * he);
  p.x = abs(p.x);
  vec2 ca = vec2(p.x - min(p.x, (p.y < 0.0) ? r1 : r2), abs(p.y) - he);
  vec2 cb = p - k1 + k2 * clamp(dot(k1 - p, k2) / max(dot(k2, k2), 1e-12), 0.0, 1.0);
  float s = (cb.x < 0.0 && ca.y < 0.0) ? -1.0 : 1.0;
  float d = s * sqrt(min(dot(ca, ca), dot(cb, cb)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
