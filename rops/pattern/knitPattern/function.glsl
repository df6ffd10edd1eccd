RkPattern THIS_measure(vec2 q) {
  vec2 s = max(THIS_Size, vec2(1e-4));
  vec2 cell = floor(q / s);
  float a = 0.25 * THIS_LegWidth * s.x;  // half width of a leg
  float b = 0.5 * THIS_Length * s.y;     // half length of a leg
  float t = radians(THIS_Tilt);
  RkPattern r;
  r.dist = -1e20;
  r.cell = 0.0;
  r.extra = 0.0;
  // The point in the nearest leg's frame, over its half width and length.
  vec2 fibre = vec2(0.0);
  // A leg reaches into the rows above and below, and a leaning one into
  // the next column: look at the 3 x 3 cells around.
  for (int k = 0; k < 9; k++) {
    vec2 id = cell + vec2(float(k % 3 - 1), float(k / 3 - 1));
    vec2 centre = (id + 0.5) * s;
    for (int side = -1; side <= 1; side += 2) {
      // The left leg (side -1) leans left, the right one right: a V.
      float lean = float(side) * t;
      vec2 h = q - centre - vec2(float(side) * 0.25 * s.x, 0.0);
      // Into the leg's own frame: y along its length.
      vec2 l = vec2(cos(lean) * h.x - sin(lean) * h.y, sin(lean) * h.x + cos(lean) * h.y);
      float e = length(l / vec2(a, b));
      float v = a * (1.0 - e);
      if (v > r.dist) {
        r.dist = v;
        r.cell = rkCellHash(id);
        r.extra = clamp(1.0 - e, 0.0, 1.0);
        fibre = l / vec2(a, b);
      }
    }
  }
  if (THIS_TextureAmount > 0.0) {
    // Fine grooves between the yarn's fibres, slanting across the leg:
    // narrow dips at whole numbers of Texture density along it.
    float g = 0.5 + 0.5 * cos(TAU * THIS_TextureDensity * (0.5 * fibre.y + 0.25 * fibre.x));
    float groove = pow(g, 8.0);
    r.dist -= THIS_TextureAmount * a * groove;
    r.extra *= 1.0 - THIS_TextureAmount * groove;
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
