ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = abs(p - THIS_Translate) - THIS_Size * 0.5;
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
#if defined(ROPKIT_SDF_UV) && defined(THIS_RETURN_TYPE_Sdf) && !defined(THIS_UvMode_none)
  Sdf res = createSdf(d);
  vec2 rel = p - THIS_Translate;
#if defined(THIS_UvMode_fitOutside)
  res.uv = rel / max(max(THIS_Size.x, THIS_Size.y), 1e-6) + 0.5;
#else
  res.uv = rel / max(THIS_Size, vec2(1e-6)) + 0.5;
#endif
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
