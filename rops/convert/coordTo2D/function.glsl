ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  vec2 q = vec2(p, THIS_Offset);
#elif defined(THIS_Plane_custom)
#if defined(THIS_PartX_zero)
  float qx = 0.0;
#else
  float qx = p.THIS_PartX;
#endif
#if defined(THIS_PartY_zero)
  float qy = 0.0;
#else
  float qy = p.THIS_PartY;
#endif
  vec2 q = vec2(qx, qy);
#elif defined(THIS_Plane_xz)
  vec2 q = p.xz;
#elif defined(THIS_Plane_zy)
  vec2 q = p.zy;
#else
  vec2 q = p.xy;
#endif
  return inputOp1(q, ctx);
}
