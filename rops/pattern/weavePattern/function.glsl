RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  vec2 id = floor(q / s);
  vec2 f = q / s - id - 0.5;  // -0.5..0.5 across the cell
  float hw = 0.5 * THIS_Width;
  // Thread heights: the thread along x of row j is up (+1) where it crosses
  // column i with i + j even, down (-1) where odd, a cosine between; the
  // thread along y does the opposite.
  float hx = cos(PI * (q.x / s - 0.5 + id.y));
  float hy = -cos(PI * (q.y / s - 0.5 + id.x));
  bool inX = abs(f.y) < hw;  // on the thread along x
  bool inY = abs(f.x) < hw;  // on the thread along y
  RkPattern r;
  if (inX && (!inY || hx >= hy)) {
    r.dist = (hw - abs(f.y)) * s;
    r.cell = rkCellHash(vec2(0.0, id.y));
    r.extra = 0.5 + 0.5 * hx;
  } else if (inY) {
    r.dist = (hw - abs(f.x)) * s;
    r.cell = rkCellHash(vec2(id.x, 0.5));
    r.extra = 0.5 + 0.5 * hy;
  } else {
    r.dist = (hw - min(abs(f.x), abs(f.y))) * s;
    r.cell = 0.0;
    r.extra = 0.0;
  }
  return r;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = rkPatternSpace(p.THIS_Plane, THIS_Translate, THIS_Rotate);
#else
  vec2 q = rkPatternSpace(p, THIS_Translate, THIS_Rotate);
#endif
  RkPattern r = THIS_measure(q);
#if defined(THIS_RETURN_TYPE_vec4)
  return rkPatternColor(rkPatternMask(r.dist, THIS_Softness), r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#else
  return rkPatternFloat(r, THIS_OUTPUT, THIS_Softness);
#endif
}
