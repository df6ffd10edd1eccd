ReturnT thismap(CoordT p, ContextT ctx) {
  const float phi = 1.61803398875;
  // The set of facet normals is symmetric in each axis, so for p folded into
  // the positive octant the largest p . n comes from a normal there too:
  // those lie on the four icosahedron faces reaching into the octant.
  vec3 q = abs(p - THIS_Translate);
  vec3 a = vec3(0.0, 1.0, phi);
  vec3 b = vec3(1.0, phi, 0.0);
  vec3 c = vec3(phi, 0.0, 1.0);
  vec3 faces[12] = vec3[12](a, b, c,
                            a, b, vec3(-1.0, phi, 0.0),
                            a, c, vec3(0.0, -1.0, phi),
                            b, c, vec3(phi, 0.0, -1.0));
  const int f = THIS_Frequency;
  float best = -1e20;
  for (int k = 0; k < 4; k++) {
    vec3 v0 = faces[3 * k];
    vec3 e1 = (faces[3 * k + 1] - v0) / float(f);
    vec3 e2 = (faces[3 * k + 2] - v0) / float(f);
    for (int i = 0; i <= f; i++) {
      for (int j = 0; j <= f - i; j++) {
        best = max(best, dot(q, normalize(v0 + float(i) * e1 + float(j) * e2)));
      }
    }
  }
  float d = best - THIS_Radius;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
