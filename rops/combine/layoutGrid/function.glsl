// The connected inputs in order: the k-th connected one fills cell k.
Sdf THIS_cell(int k, CoordT q, ContextT ctx) {
  int seen = 0;
#ifdef THIS_HAS_INPUT_1
  if (seen == k) return inputOp1(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_2
  if (seen == k) return inputOp2(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_3
  if (seen == k) return inputOp3(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_4
  if (seen == k) return inputOp4(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_5
  if (seen == k) return inputOp5(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_6
  if (seen == k) return inputOp6(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_7
  if (seen == k) return inputOp7(q, ctx);
  seen++;
#endif
#ifdef THIS_HAS_INPUT_8
  if (seen == k) return inputOp8(q, ctx);
  seen++;
#endif
  return createSdf(1e10);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int count = max(THIS_COUNT, 1);
  int cols = clamp(THIS_Columns, 1, 8);
  int rowCount = (count + cols - 1) / cols;
  vec2 s = max(THIS_Spacing, vec2(1e-4));
  vec2 w = dmPlane(p, THIS_AXIS);
  // Column from the left, row from the top (the plane's second coordinate
  // falling), the grid's middle at the origin.
  vec2 origin = vec2(-0.5 * float(cols) * s.x, 0.5 * float(rowCount) * s.y);
  int col = clamp(int(floor((w.x - origin.x) / s.x)), 0, cols - 1);
  int row = clamp(int(floor((origin.y - w.y) / s.y)), 0, rowCount - 1);
  int k = row * cols + col;
  if (k >= count) {
    // The last row is short: the nearest filled cell above or to the left.
    if (row > 0) {
      row -= 1;
    } else {
      col = count - 1;
    }
    k = min(row * cols + col, count - 1);
    col = k - (k / cols) * cols;
    row = k / cols;
  }
  vec2 centre = origin + vec2((float(col) + 0.5) * s.x, -(float(row) + 0.5) * s.y);
  vec2 local = w - centre;
  CoordT q = dmUnplane(p, local, dmAlong(p, THIS_AXIS), THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(k), float(count), 0.0, 0.0);
#endif
  float pre = max(THIS_Prescale, 1e-4);
  Sdf res = THIS_cell(k, q / pre, ctx);
  res.x *= pre;
  // Every other shape lies in its own cell, Margin clear of its sides: no
  // nearer than the way out of this one on a side where a neighbour is,
  // plus Margin (without it, rays would stop at the sides).
  float exitDist = 1e10;
  if (col > 0) exitDist = min(exitDist, 0.5 * s.x + local.x);
  if (col < cols - 1 && k + 1 < count) exitDist = min(exitDist, 0.5 * s.x - local.x);
  if (row > 0) exitDist = min(exitDist, 0.5 * s.y - local.y);
  if (row < rowCount - 1 && k + cols < count) exitDist = min(exitDist, 0.5 * s.y + local.y);
  res.x = min(res.x, max(exitDist, 0.0) + THIS_Margin);
  return res;
}
