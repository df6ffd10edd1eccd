ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  mat3 turn = xfEuler(THIS_Rotate);
  float f = THIS_Fold;
  float m2 = THIS_MinRadius * THIS_MinRadius;
  float dr = 1.0;
  for (int i = 0; i < THIS_Iterations; i++) {
    z.xz = abs(z.xz + f) - abs(z.xz - f) - z.xz;
    float k = THIS_StepScale / clamp(dot(z, z), m2, 1.0);
    z = turn * (z * k) + THIS_Julia;
    dr *= k;
  }
  float d = 0.5 * (length(z) - 2.0) / dr * THIS_Scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
