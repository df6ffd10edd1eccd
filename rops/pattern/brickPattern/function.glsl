RkPattern THIS_measure(vec2 q) {
  vec2 size = max(THIS_Size, vec2(1e-4));
  float row = floor(q.y / size.y);
  float x = q.x + row * THIS_Offset * size.x;
  float col = floor(x / size.x);
  vec2 f = vec2(x - col * size.x, q.y - row * size.y);
  // Inside a brick the nearest edge is the nearest side of its rectangle.
  vec2 e = min(f, size - f);
  RkPattern r;
  r.dist = min(e.x, e.y) - 0.5 * THIS_Gap;
  r.cell = rkCellHash(vec2(col, row));
  r.extra = 0.0;
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
