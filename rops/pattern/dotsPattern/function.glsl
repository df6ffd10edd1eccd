RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
#if defined(THIS_Layout_hexagonal)
  // Centres s apart on a triangular lattice: the centres of hexagons of
  // circumradius s / sqrt(3) with their flat sides facing each other.
  vec2 c = rkHexCentre(q.yx, s * 0.57735026919).yx;
#else
  vec2 c = s * floor(q / s + 0.5);
#endif
  float h = rkCellHash(floor(c / s * 4.0 + 0.5));
  RkPattern r;
  r.dist = THIS_Radius * (1.0 - THIS_Jitter * h) - length(q - c);
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
