ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 cell = floor(p * THIS_Scale);
#else
  vec3 cell = vec3(floor(p * THIS_Scale), 0.0);
#endif
  vec3 h = rkHash33(cell + THIS_Seed * 1.618);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(h, 1.0);
#else
  return h.x;
#endif
}
