ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  float scale = THIS_Radius;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = rkfOcta(z);
    z = 2.0 * z - vec3(1.0, 0.0, 0.0);
    scale *= 0.5;
  }
  float d = rksOctahedron(z, 1.0) * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
