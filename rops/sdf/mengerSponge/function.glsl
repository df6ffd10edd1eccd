ReturnT thismap(CoordT p, ContextT ctx) {
  float h = max(0.5 * THIS_Size, 1e-6);
  vec3 q = (p - THIS_Translate) / h;  // the cube is -1..1
  vec3 e = abs(q) - 1.0;
  float d = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
  // Level k bores a cross of square tunnels of half width 3^-k through the
  // middle of every cell of size 2 / 3^(k-1).
  float cell = 2.0;
  for (int i = 0; i < THIS_Iterations; i++) {
    vec3 c = abs(mod(q + 0.5 * cell, cell) - 0.5 * cell);
    float w = cell / 6.0;
    // Distance into the nearest tunnel, measured as the largest of the two
    // offsets across it (at most the true distance).
    float tunnel = min(max(c.y, c.z), min(max(c.x, c.z), max(c.x, c.y))) - w;
    d = max(d, -tunnel);
    cell /= 3.0;
  }
  d *= h;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
