ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  float grow = 1.0;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(1e20);
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
    z = -1.0 + 2.0 * fract(0.5 * z + 0.5);
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
    float k = THIS_Inversion / max(dot(z, z), 1e-8);
    z *= k;
    grow *= k;
  }
  float d = 0.25 * abs(z.y) / grow * THIS_Scale;
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
