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
  res.x += dot(xfEuler(THIS_Rotate) * n - n, p);
  return res;
}
