ReturnT thismap(CoordT p, ContextT ctx) {
  float sc = max(THIS_Scale, 1e-4);
  vec3 q = (p - THIS_Translate) / sc;
  vec4 z = vec4(q, THIS_Slice);  // (real, i, j, k)
  // |z'| grows as 2 |z| |z'| (the quaternion norm is multiplicative).
  float dz = 1.0;
  float m2 = dot(z, z);
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(abs(z.xyz), m2);
#endif
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
#else
  float previous = THIS_VAR;
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
    // Escaped, or sinking into the centre (C near 0) before float runs out.
    if (m2 > 256.0 || m2 < 1e-12) break;
    dz *= 2.0 * sqrt(m2);
#if defined(THIS_Type_vec4)
    THIS_VAR = vec4(float(i), float(i) / float(THIS_Iterations), 0.0, 0.0);
#else
    THIS_VAR = float(i) / float(THIS_Iterations);
#endif
    // z^2 = (a^2 - |v|^2, 2 a v) for z = (a, v).
    z = vec4(z.x * z.x - dot(z.yzw, z.yzw), 2.0 * z.x * z.yzw) + THIS_C;
    m2 = dot(z, z);
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z.xyz), m2));
#endif
  }
  THIS_VAR = previous;
  float m = sqrt(max(m2, 1e-30));
  // Deep inside, |z'| can shrink without bound: the estimate is kept to at
  // most one unit (scaled) inwards so that marching stays sane.
  float d = max(0.5 * m * log(m) / max(dz, 1e-30), -1.0) * sc;
#if defined(THIS_RETURN_TYPE_Sdf) && defined(ROPKIT_SDF_ORBIT_TRAP)
  Sdf res = createSdf(d);
  res.orbitTrap = trap;
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
