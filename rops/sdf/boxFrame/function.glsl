ReturnT thismap(CoordT p, ContextT ctx) {
  float e = THIS_Thickness;
  vec3 a = abs(p - THIS_Translate) - THIS_Size * 0.5;
  vec3 q = abs(a + e) - e;
  float d = min(min(
      length(max(vec3(a.x, q.y, q.z), 0.0)) + min(max(a.x, max(q.y, q.z)), 0.0),
      length(max(vec3(q.x, a.y, q.z), 0.0)) + min(max(q.x, max(a.y, q.z)), 0.0)),
      length(max(vec3(q.x, q.y, a.z), 0.0)) + min(max(q.x, max(q.y, a.z)), 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
