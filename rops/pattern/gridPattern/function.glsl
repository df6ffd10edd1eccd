RkPattern THIS_measure(vec2 q) {
  vec2 s = max(THIS_Spacing, vec2(1e-4));
  vec2 c = floor(q / s);
  // Distance to the nearest line of each family: the lines are x = k sx and y = k sy.
  vec2 off = abs(q - s * floor(q / s + 0.5));
  RkPattern r;
  r.dist = 0.5 * THIS_LineWidth - min(off.x, off.y);
  r.cell = rkCellHash(c);
  r.extra = min(off.x / (0.5 * s.x), off.y / (0.5 * s.y));
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
