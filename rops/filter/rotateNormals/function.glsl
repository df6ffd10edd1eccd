// The turn by Rotate, its three turns applied in Rotate order.
mat3 THIS_turn() {
  vec3 a = radians(THIS_Rotate);
  vec3 c = cos(a);
  vec3 s = sin(a);
  mat3 rx = mat3(1.0, 0.0, 0.0, 0.0, c.x, s.x, 0.0, -s.x, c.x);
  mat3 ry = mat3(c.y, 0.0, -s.y, 0.0, 1.0, 0.0, s.y, 0.0, c.y);
  mat3 rz = mat3(c.z, s.z, 0.0, -s.z, c.z, 0.0, 0.0, 0.0, 1.0);
#if defined(THIS_RotateOrder_xzy)
  return ry * rz * rx;
#elif defined(THIS_RotateOrder_yxz)
  return rz * rx * ry;
#elif defined(THIS_RotateOrder_yzx)
  return rx * rz * ry;
#elif defined(THIS_RotateOrder_zxy)
  return ry * rx * rz;
#elif defined(THIS_RotateOrder_zyx)
  return rx * ry * rz;
#else
  return rz * ry * rx;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  if (ropkitStage != ROPKIT_STAGE_NORMAL) return res;
  // The input's own slope, from four taps at the corners of a tetrahedron.
  vec3 g = vec3(0.0);
  for (int i = 0; i < 4; i++) {
    vec3 tap = vec3(((i ^ (i >> 1)) & 1) == 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, (i & 1) != 0 ? 1.0 : -1.0);
    g += tap * inputOp1(p + tap * 1e-3, ctx).x;
  }
  vec3 n = length(g) > 0.0 ? normalize(g) : vec3(0.0, 1.0, 0.0);
  // A linear term that adds the difference between the turned normal and
  // the normal: the renderer then measures the turned one.
  res.x += dot(THIS_turn() * n - n, p);
  return res;
}
