ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  float grow = 1.0;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = -1.0 + 2.0 * fract(0.5 * z + 0.5);
    float k = THIS_Inversion / max(dot(z, z), 1e-8);
    z *= k;
    grow *= k;
  }
  float d = 0.25 * abs(z.y) / grow * THIS_Scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
