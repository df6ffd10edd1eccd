ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  float grow = 1.0;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = 2.0 * clamp(z, -THIS_Box, THIS_Box) - z;
    float k = max(THIS_Inversion / max(dot(z, z), 1e-8), 1.0);
    z = z * k + THIS_Offset;
    grow *= k;
  }
  float d = 0.25 * abs(z.y) / grow * THIS_Scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
