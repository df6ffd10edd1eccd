ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float d = length(vec2(max(length(q.xz) - THIS_Radius, 0.0), q.y)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
