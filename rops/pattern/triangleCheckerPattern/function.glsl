RkPattern THIS_measure(vec2 q) {
  float h = 0.86602540378 * max(THIS_Size, 1e-4);
  // Three families of lines, h apart, across the directions n0, n1, n2
  // (which sum to zero): the triangles are the cells between them.
  vec3 u = vec3(q.y, 0.86602540378 * q.x - 0.5 * q.y, -0.86602540378 * q.x - 0.5 * q.y) / h;
  vec3 f = floor(u);
  // The floors sum to -1 in triangles pointing up and -2 in those pointing down.
  bool up = f.x + f.y + f.z > -1.5;
  vec3 fr = u - f;
  float e = h * min(min(min(fr.x, 1.0 - fr.x), min(fr.y, 1.0 - fr.y)), min(fr.z, 1.0 - fr.z));
  RkPattern r;
  r.dist = up ? e : -e;
  r.cell = rkCellHash(f.xy + (up ? vec2(0.0) : vec2(0.5, 0.25)));
  // The inradius is h / 3.
  r.extra = clamp(3.0 * e / h, 0.0, 1.0);
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
