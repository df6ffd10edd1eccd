ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 b = THIS_Size * 0.5;
  float r = clamp(THIS_Radius_at(p, ctx), 0.0, min(b.x, min(b.y, b.z)));
  vec3 q = abs(p - THIS_Translate) - b + r;
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0) - r;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
