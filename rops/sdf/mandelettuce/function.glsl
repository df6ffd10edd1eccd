ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = (p - THIS_Translate) / THIS_Scale + THIS_Offset;
  vec3 z = c;
  float dr = 1.0;
  float r = length(z);
  for (int i = 0; i < THIS_Iterations; i++) {
    r = length(z);
    if (r > 256.0) break;
    dr = 2.0 * r * dr + 1.0;
    // Doubling both spherical angles (polar from +y, azimuth in xz).
    float rho = max(length(z.xz), 1e-9);
    float s = 2.0 * z.y / rho;
    z = vec3(s * (z.x * z.x - z.z * z.z), z.y * z.y - rho * rho, s * 2.0 * z.x * z.z) + c;
    r = length(z);
  }
  float d = 0.25 * log(max(r, 1e-6)) * r / dr * THIS_Scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
