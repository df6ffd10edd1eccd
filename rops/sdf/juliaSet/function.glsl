ReturnT thismap(CoordT p, ContextT ctx) {
  float sc = max(THIS_Scale, 1e-4);
  vec3 q = (p - THIS_Translate) / sc;
  vec4 z = vec4(q, THIS_Slice);  // (real, i, j, k)
  vec4 c = THIS_C;
  // |z'| grows as 2 |z| |z'| (the quaternion norm is multiplicative).
  float dz = 1.0;
  float m2 = dot(z, z);
  for (int i = 0; i < THIS_Iterations; i++) {
    // Escaped, or sinking into the centre (C near 0) before float runs out.
    if (m2 > 256.0 || m2 < 1e-12) break;
    dz *= 2.0 * sqrt(m2);
    // z^2 = (a^2 - |v|^2, 2 a v) for z = (a, v).
    z = vec4(z.x * z.x - dot(z.yzw, z.yzw), 2.0 * z.x * z.yzw) + c;
    m2 = dot(z, z);
  }
  float m = sqrt(max(m2, 1e-30));
  // Deep inside, |z'| can shrink without bound: the estimate is kept to at
  // most one unit (scaled) inwards so that marching stays sane.
  float d = max(0.5 * m * log(m) / max(dz, 1e-30), -1.0) * sc;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
