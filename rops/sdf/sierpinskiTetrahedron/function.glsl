ReturnT thismap(CoordT p, ContextT ctx) {
  // The unit solid has its corners at (1, 1, 1) and its tetrahedral images.
  float s = THIS_Radius * 0.57735026919;
  vec3 z = (p - THIS_Translate) / s;
  float scale = s;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = rkfTetra(z);
    z = 2.0 * z - vec3(1.0);
    scale *= 0.5;
  }
  float d = rksTetrahedron(z) * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
