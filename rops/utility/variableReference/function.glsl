ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Type_float)
  vec4 v = vec4(THIS_VAR);
#elif defined(THIS_Type_vec2)
  vec4 v = vec4(THIS_VAR, 0.0, 0.0);
#elif defined(THIS_Type_vec3)
  vec4 v = vec4(THIS_VAR, 0.0);
#else
  vec4 v = THIS_VAR;
#endif
#if defined(THIS_RETURN_TYPE_float)
  return v.x;
#else
  return v;
#endif
}
