RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  vec2 id = floor(q / s);
  vec2 u = q / s - id - 0.5;  // -0.5..0.5 in the cell
  float h = rkCellHash(id + vec2(THIS_Seed * 7.0, THIS_Seed * 3.0));
  if (h < 0.5) u.x = -u.x;   // the other orientation is the mirror image
#if defined(THIS_Style_diagonals)
  float line = abs(u.x - u.y) * 0.70710678118;
#else
  // Quarter circles about two opposite corners, through the middles of the sides.
  float line = min(abs(length(u - 0.5) - 0.5), abs(length(u + 0.5) - 0.5));
#endif
  RkPattern r;
  r.dist = 0.5 * THIS_Width - line * s;
  r.cell = h;
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
