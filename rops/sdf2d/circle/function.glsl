ReturnT thismap(CoordT p, ContextT ctx) {
  float d = length(p - THIS_Translate) - THIS_Radius;
#if defined(ROPKIT_SDF_UV) && defined(THIS_RETURN_TYPE_Sdf) && !defined(THIS_UvMode_none)
  Sdf res = createSdf(d);
  vec2 rel = p - THIS_Translate;
#if defined(THIS_UvMode_polar)
  res.uv = vec2(fract(atan(rel.y, rel.x) / TAU + 1.0), length(rel) / max(THIS_Radius, 1e-6));
#else
  res.uv = rel / max(2.0 * THIS_Radius, 1e-6) + 0.5;
#endif
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
