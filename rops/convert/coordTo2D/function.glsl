ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  vec2 q = vec2(p, THIS_Offset);
#elif defined(THIS_Plane_xz)
  vec2 q = p.xz;
#elif defined(THIS_Plane_zy)
  vec2 q = p.zy;
#else
  vec2 q = p.xy;
#endif
  return inputOp1(q, ctx);
}
