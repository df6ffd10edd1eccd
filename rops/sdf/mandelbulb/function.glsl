ReturnT thismap(CoordT p, ContextT ctx) {
  float sc = max(THIS_Scale, 1e-4);
  vec3 c = ((p - THIS_Translate) / sc).xzy;
  vec3 z = c;
  float dr = 1.0;
  float r = length(z);
  float n = THIS_Power;
  for (int i = 0; i < THIS_Iterations; i++) {
    r = length(z);
    if (r > 2.0) break;
    float rs = max(r, 1e-6);
    float theta = acos(clamp(z.z / rs, -1.0, 1.0)) * n;
    float phi = atan(z.y, z.x) * n;
    dr = pow(rs, n - 1.0) * n * dr + 1.0;
    z = pow(rs, n) * vec3(sin(theta) * cos(phi), sin(phi) * sin(theta), cos(theta)) + c;
    r = length(z);
  }
  float d = 0.5 * log(max(r, 1e-6)) * r / dr * sc;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
