ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 c = p / THIS_Scale + THIS_Center;
  vec2 z = vec2(0.0);
  vec2 dz = vec2(0.0);
  float m = 0.0;
  bool escaped = false;
  for (int i = 0; i < 512; i++) {
    if (i >= THIS_Iterations) break;
    // dz -> 2 z dz + 1, then z -> z^2 + c.
    dz = 2.0 * vec2(z.x * dz.x - z.y * dz.y, z.x * dz.y + z.y * dz.x) + vec2(1.0, 0.0);
    z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
    m = dot(z, z);
    if (m > 1e6) {
      escaped = true;
      break;
    }
  }
  float d;
  if (escaped) {
    float r = sqrt(m);
    d = 0.25 * r * log(r) / max(length(dz), 1e-20) * THIS_Scale;
  } else {
    d = -1e-4 * THIS_Scale;
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
