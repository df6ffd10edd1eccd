ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  mat3 turn = xfEuler(THIS_Rotate);
  float s = max(THIS_Scale, 1.0001);
  float scale = THIS_Radius;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = turn * rkfIcosa(z);
    z = z * s - THIS_Offset * (s - 1.0);
    scale /= s;
  }
  float b = max(THIS_BaseSize, 1e-4);
  float d = rkfDodecahedronFolded(rkfIcosa(z) / b) * b * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
