ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  vec2 q = vec2(p, 0.0);
#else
  vec2 q = p;
#endif
#if defined(THIS_Plane_xz)
  vec3 w = vec3(q.x, 0.0, q.y);
#elif defined(THIS_Plane_zy)
  vec3 w = vec3(0.0, q.y, q.x);
#else
  vec3 w = vec3(q, 0.0);
#endif
  return inputOp1(THIS_Origin + w, ctx);
}
