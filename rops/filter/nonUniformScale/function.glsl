ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = max(THIS_Scale, vec3(1e-4));
  float k = min(s.x, min(s.y, s.z));
#else
  vec2 s = max(THIS_Scale.xy, vec2(1e-4));
  float k = min(s.x, s.y);
#endif
  ReturnT res = inputOp1(p / s, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= k;
#else
  res *= k;
#endif
  return res;
}
