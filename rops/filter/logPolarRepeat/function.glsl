ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  float r = max(length(w), 1e-9);
  float n = float(max(THIS_Count, 1));
  // One cell is 2 pi / n wide in log-radius and angle alike, so cells are
  // square; near radius r that is r * 2 pi / n in space.
  float cell = TAU / n;
  vec2 lp = vec2(log(r), atan(w.y, w.x) - radians(THIS_Rotate)) / cell;
  lp.x -= THIS_Offset;
  vec2 k = floor(lp + 0.5);
  float size = r * cell;
  CoordT q = dmUnplane(p, lp - k, dmAlong(p, THIS_AXIS) / size, THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k.x, mod(k.y, n), n, 0.0);
#endif
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, size);
  return res;
}
