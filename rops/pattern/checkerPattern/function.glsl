RkPattern THIS_measure(vec2 q) {
  vec2 size = max(THIS_Size, vec2(1e-4));
  vec2 id = floor(q / size);
  vec2 f = q - id * size;
  vec2 e = min(f, size - f);
  // Squares whose column and row add up odd are B squares.
  float parity = mod(id.x + id.y, 2.0);
  RkPattern r;
  r.dist = (parity > 0.5 ? 1.0 : -1.0) * min(e.x, e.y);
  r.cell = rkCellHash(id);
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
