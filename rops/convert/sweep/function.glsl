ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Plane_xy)
  vec2 w = p.xy;
  float h = p.z;
#elif defined(THIS_Plane_zy)
  vec2 w = p.zy;
  float h = p.x;
#elif defined(THIS_Plane_zx)
  vec2 w = p.zx;
  float h = p.y;
#elif defined(THIS_Plane_yx)
  vec2 w = p.yx;
  float h = p.z;
#elif defined(THIS_Plane_yz)
  vec2 w = p.yz;
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
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(along, w, h - THIS_Offset);
#else
  float previous = THIS_VAR;
  THIS_VAR = along;
#endif
  ReturnT res = inputOp1(vec2(along, h - THIS_Offset), ctx);
  THIS_VAR = previous;
  return res;
}
