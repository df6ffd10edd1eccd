// Flips a quadrant so the curve inside it runs the standard way.
void THIS_turn(int s, inout int x, inout int y, int rx, int ry) {
  if (ry == 0) {
    if (rx == 1) {
      x = s - 1 - x;
      y = s - 1 - y;
    }
    int t = x;
    x = y;
    y = t;
  }
}

// The position along the curve of cell (x, y) of an n x n grid.
int THIS_index(int n, int x, int y) {
  int d = 0;
  for (int s = 32; s > 0; s /= 2) {
    if (s >= n) continue;
    int rx = (x & s) > 0 ? 1 : 0;
    int ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    THIS_turn(n, x, y, rx, ry);
  }
  return d;
}

// The cell at position d along the curve; one step before the first cell
// and after the last lead out of the square to the left and right.
ivec2 THIS_cell(int n, int d) {
  if (d < 0) return ivec2(-1, 0);
  if (d >= n * n) return ivec2(n, 0);
  int x = 0;
  int y = 0;
  int t = d;
  for (int s = 1; s < 64; s *= 2) {
    if (s >= n) break;
    int rx = 1 & (t / 2);
    int ry = 1 & (t ^ rx);
    THIS_turn(s, x, y, rx, ry);
    x += s * rx;
    y += s * ry;
    t /= 4;
  }
  return ivec2(x, y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int n = 1;
  for (int i = 0; i < 6; i++) {
    if (i < THIS_Steps) n *= 2;
  }
  float c = max(THIS_Size, 1e-4) / float(n);
  vec2 w = dmPlane(p, THIS_AXIS) - THIS_Offset + 0.5 * THIS_Size;
  ivec2 cell = clamp(ivec2(floor(w / c)), ivec2(0), ivec2(n - 1));
  int d = THIS_index(n, cell.x, cell.y);
  vec2 rel = w - (vec2(cell) + 0.5) * c;
  // The two half-steps through the cell: in from the previous cell, out to
  // the next; the point takes the nearer.
  vec2 behind = vec2(THIS_cell(n, d - 1) - cell);
  vec2 ahead = vec2(THIS_cell(n, d + 1) - cell);
  float tb = clamp(dot(rel, behind), 0.0, 0.5 * c);
  float ta = clamp(dot(rel, ahead), 0.0, 0.5 * c);
  vec2 ob = rel - behind * tb;
  vec2 oa = rel - ahead * ta;
  bool useAhead = dot(oa, oa) <= dot(ob, ob);
  // Travelling in from behind the way is -behind; out, it is ahead.
  vec2 way = useAhead ? ahead : -behind;
  vec2 off = useAhead ? oa : ob;
  float u = float(d) * c + (useAhead ? 0.5 * c + ta : 0.5 * c - tb);
  float side = way.x * rel.y - way.y * rel.x;
  float v = (side < 0.0 ? -1.0 : 1.0) * length(off);
  CoordT q = dmUnplane(p, vec2(u, v), dmAlong(p, THIS_AXIS), THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(d), float(n * n), 0.0, 0.0);
#endif
  // The local UV (in cells: along the way from where it enters the cell,
  // across it from the curve), the place in the group of four, the cell.
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(u / c - float(d), v / c, float(d - 4 * (d / 4)), float(d));
  ReturnT res = inputOp1(q, ctx);
  THIS_VAR = previous;
  return res;
}
