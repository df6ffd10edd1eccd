ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 n = THIS_Normal.xy;
#else
  vec3 n = THIS_Normal;
#endif
  n = length(n) > 1e-6 ? normalize(n) : n;
  float d = dot(p, n) - THIS_Offset;
#if defined(THIS_Side_above)
  d = -d;
#endif
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = max(res.x, d);
#else
  res = max(res, d);
#endif
  return res;
}
