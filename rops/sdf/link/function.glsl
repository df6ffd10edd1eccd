ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  vec3 q = vec3(p.x, max(abs(p.y) - THIS_Length_at(p, ctx), 0.0), p.z);
  float d = length(vec2(length(q.xy) - THIS_Radius_at(p, ctx), q.z)) - THIS_Thickness_at(p, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
