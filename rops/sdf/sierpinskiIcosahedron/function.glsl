ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  float r = clamp(THIS_Ratio, 0.01, 0.5);
  float scale = THIS_Radius;
  for (int i = 0; i < THIS_Iterations; i++) {
    // Into the chamber beside one corner; that corner's copy is the nearest.
    z = rkfIcosa(z);
    z = (z - (1.0 - r) * RKF_ICO_CORNER) / r;
    scale *= r;
  }
  float d = rkfIcosahedronFolded(rkfIcosa(z)) * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
