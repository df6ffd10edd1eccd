RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  vec2 c = rkHexCentre(q, s);
  float apothem = 0.86602540378 * s;
  float n = rkHexNorm(q - c);
  RkPattern r;
  // Inside a regular hexagon the nearest side is the one facing furthest out.
  r.dist = apothem - n - 0.5 * THIS_Gap;
  r.cell = rkCellHash(floor(c / s * 8.0 + 0.5));
  r.extra = n / apothem;
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
