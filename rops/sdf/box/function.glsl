ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = abs(p - THIS_Translate) - THIS_Size_at(p, ctx) * 0.5;
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
