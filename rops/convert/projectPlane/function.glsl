ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Plane_yx)
  vec3 s = p.yxz;
#elif defined(THIS_Plane_yz)
  vec3 s = p.yzx;
#elif defined(THIS_Plane_zy)
  vec3 s = p.zyx;
#elif defined(THIS_Plane_xz)
  vec3 s = p.xzy;
#elif defined(THIS_Plane_zx)
  vec3 s = p.zxy;
#else
  vec3 s = p;
#endif
  // s: the two plane coordinates, then the one across the plane.
  float previous = THIS_VAR;
  THIS_VAR = s.z;
  ReturnT res = inputOp1(s.xy, ctx);
  THIS_VAR = previous;
  return res;
}
