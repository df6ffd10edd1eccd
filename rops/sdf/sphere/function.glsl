ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  float d = length(p - THIS_Translate) - THIS_Radius_at(p, ctx);
#elif defined(THIS_COORD_TYPE_vec2)
  float d = length(p - THIS_Translate.xy) - THIS_Radius_at(p, ctx);
#else
  float d = abs(p - THIS_Translatex) - THIS_Radius_at(p, ctx);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
