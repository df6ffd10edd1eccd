ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Plane_xz)
  vec3 q = vec3(p.x, THIS_Offset, p.y);
#elif defined(THIS_Plane_zy)
  vec3 q = vec3(THIS_Offset, p.y, p.x);
#else
  vec3 q = vec3(p, THIS_Offset);
#endif
  return inputOp1(q, ctx);
}
