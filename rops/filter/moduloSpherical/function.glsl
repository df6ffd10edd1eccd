ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 d = p - THIS_Pivot;
  float cols = float(max(THIS_Columns, 1));
  float rowCount = float(max(THIS_Rows, 1));
  // The column: its middle longitude turned onto +x, about y.
  float step = TAU / cols;
  float col = floor(atan(d.z, d.x) / step + 0.5);
  float a = col * step;
  d.xz = vec2(cos(a) * d.x + sin(a) * d.z, -sin(a) * d.x + cos(a) * d.z);
  // The row: its middle polar angle (from +y) turned onto +y, in the xy plane.
  float band = PI / rowCount;
  float row = clamp(floor(atan(d.x, d.y) / band), 0.0, rowCount - 1.0);
  float t = (row + 0.5) * band;
  d.xy = vec2(cos(t) * d.x - sin(t) * d.y, sin(t) * d.x + cos(t) * d.y);
  d.y -= THIS_Radius;
  // x pointed away from the pole above; make it point towards it.
  d.x = -d.x;
  d.z = -d.z;
#if defined(THIS_CONTEXT_TYPE_Context)
  float c = mod(col, cols);
  ctx.iteration = vec4(row * cols + c, rowCount * cols, row, c);
#endif
  return inputOp1(d, ctx);
}
