ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 outer = THIS_VAR;
#if defined(THIS_COORD_TYPE_vec3)
  THIS_VAR = p;
#elif defined(THIS_COORD_TYPE_vec2)
  THIS_VAR = vec3(p, 0.0);
#else
  THIS_VAR = vec3(p, 0.0, 0.0);
#endif
  ReturnT res = inputOp1(p, ctx);
  THIS_VAR = outer;
  return res;
}
