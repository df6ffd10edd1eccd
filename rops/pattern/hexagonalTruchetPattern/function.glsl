RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  vec2 c = rkHexCentre(q, s);
  vec2 h = q - c;
  vec2 id = floor(c / s * 8.0 + 0.5);
  float flip = rkCellHash(id + vec2(THIS_Seed, 0.37 * THIS_Seed)) < 0.5 ? 0.0 : 1.0;
  // Corners of a pointy-top hexagon lie at 30 + 60 k degrees; the arcs go
  // around the even ones or the odd ones. From inside the hexagon the
  // nearest point of such a circle lies within the corner's inner angle,
  // on the arc itself.
  float e = 1e20;
  for (int k = 0; k < 3; k++) {
    float a = radians(30.0 + 60.0 * (2.0 * float(k) + flip));
    e = min(e, abs(length(h - s * vec2(cos(a), sin(a))) - 0.5 * s));
  }
  RkPattern r;
  r.dist = 0.5 * THIS_LineWidth - e;
  r.cell = rkCellHash(id + vec2(13.1, 7.7));
  r.extra = flip;
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
