ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  float r = max(length(w), 1e-9);
  float n = float(max(THIS_Count, 1));
  // One cell is 2 pi / n wide in log-radius and angle alike, so cells are
  // square; near radius r that is r * 2 pi / n in space. Spacing makes
  // them that many times longer along the log-radius.
  float cell = TAU / n;
  float spacing = max(THIS_Spacing, 1e-3);
  vec2 lp = vec2(log(r), atan(w.y, w.x) - radians(THIS_Rotate)) / cell;
  lp.x = lp.x / spacing - THIS_Offset;
  vec2 k = floor(lp + 0.5);
  vec2 local = (lp - k) * vec2(spacing, 1.0);
#if defined(THIS_Mirror_mirror) || defined(THIS_Mirror_grid)
  // hg_sdf's pModMirror2 and pModGrid2: even cells flipped.
  local *= mod(k, 2.0) * 2.0 - 1.0;
#endif
#if defined(THIS_Mirror_grid)
  local -= vec2(spacing, 1.0) * 0.5;
  if (local.x > local.y) {
    local = local.yx;
  }
#endif
  float size = r * cell;
  CoordT q = dmUnplane(p, local, dmAlong(p, THIS_AXIS) / size, THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_cell)
  ctx.iteration = vec4(k.x, mod(k.y, n), n, 0.0);
#elif defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_alternating)
  ctx.iteration = vec4(mod(k, 2.0), 0.0, 0.0);
#elif defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_cellRatio)
  ctx.iteration = vec4(k.x, mod(k.y, n) / n, 0.0, 0.0);
#endif
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, size);
  return res;
}
