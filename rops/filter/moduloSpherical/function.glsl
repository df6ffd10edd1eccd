ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 d = p - THIS_Pivot;
  float cols = max(floor(THIS_Columns + 0.5), 1.0);
  float rowCount = max(floor(THIS_Rows + 0.5), 1.0);
  vec2 shift = THIS_Shift;
  // The column: its middle longitude turned onto +x, about y.
  float step = TAU / cols;
  float col = floor(atan(d.z, d.x) / step - shift.x + 0.5);
  float a = (col + shift.x) * step;
  d.xz = vec2(cos(a) * d.x + sin(a) * d.z, -sin(a) * d.x + cos(a) * d.z);
  // The row: its middle polar angle (from +y) turned onto +y, in the xy plane.
  float band = PI / rowCount;
  float row = clamp(floor(atan(d.x, d.y) / band - shift.y), 0.0, rowCount - 1.0);
  float t = (row + 0.5 + shift.y) * band;
  d.xy = vec2(cos(t) * d.x - sin(t) * d.y, sin(t) * d.x + cos(t) * d.y);
  d.y -= THIS_Radius;
  // x pointed away from the pole above; make it point towards it.
  d.x = -d.x;
  d.z = -d.z;
#if defined(THIS_Mirror_rows) || defined(THIS_Mirror_grid)
  if (mod(row, 2.0) >= 1.0) {
    d.x = -d.x;
  }
#endif
#if defined(THIS_Mirror_columns) || defined(THIS_Mirror_grid)
  if (mod(col, 2.0) >= 1.0) {
    d.z = -d.z;
  }
#endif
  d.x -= THIS_Offset;
#if defined(THIS_CONTEXT_TYPE_Context)
  float c = mod(col, cols);
  ctx.iteration = vec4(row * cols + c, rowCount * cols, row, c);
#endif
  return inputOp1(d, ctx);
}
