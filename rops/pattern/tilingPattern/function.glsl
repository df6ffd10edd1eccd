RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  RkPattern r;
#if defined(THIS_Shape_square)
  vec2 id = floor(q / s);
  vec2 f = q - id * s;
  vec2 e = min(f, vec2(s) - f);
  r.dist = min(e.x, e.y);
  r.cell = rkCellHash(id);
#elif defined(THIS_Shape_hexagon)
  vec2 c = rkHexCentre(q, s);
  r.dist = 0.86602540378 * s - rkHexNorm(q - c);
  r.cell = rkCellHash(floor(c / s * 8.0 + 0.5));
#else
  // Three families of lines, h apart, along 0, 60 and 120 degrees; they
  // meet in threes, so their strips cut the plane into triangles.
  float h = 0.86602540378 * s;
  vec3 t = vec3(q.y, dot(q, vec2(0.86602540378, -0.5)), dot(q, vec2(-0.86602540378, -0.5))) / h;
  vec3 e = abs(t - floor(t + 0.5));
  r.dist = min(e.x, min(e.y, e.z)) * h;
  vec3 id = floor(t);
  r.cell = rkCellHash(vec2(id.x + 17.0 * id.z, id.y - 5.0 * id.z));
#endif
  r.dist -= 0.5 * THIS_Gap;
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
