ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Plane_xy)
  vec2 w = p.xy;
  float h = p.z;
#elif defined(THIS_Plane_zy)
  vec2 w = p.zy;
  float h = p.x;
#else
  vec2 w = p.xz;
  float h = p.y;
#endif
#if defined(inputOp2_RETURN_TYPE_Sdf)
  float along = inputOp2(w, ctx).x;
#else
  float along = inputOp2(w, ctx);
#endif
  return inputOp1(vec2(along, h - THIS_Offset), ctx);
}
