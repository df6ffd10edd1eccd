ReturnT thismap(CoordT p, ContextT ctx) {
  float sc = max(THIS_Scale, 1e-4);
  vec3 c = ((p - THIS_Translate) / sc).xzy;
  vec3 z = c;
  float dr = 1.0;
  float r = length(z);
  float n = THIS_Power;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  // The orbit trap (the orbitTrap buffer): how near the orbit came to each
  // axis plane and to the origin.
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  THIS_Type previous = THIS_VAR;
  for (int i = 0; i < THIS_Iterations; i++) {
    r = length(z);
    if (r > 2.0) break;
    float rs = max(r, 1e-6);
    float THIS_norm = float(i) / float(max(THIS_Iterations - 1, 1));
#if defined(THIS_Type_vec4)
    THIS_VAR = vec4(float(i), THIS_norm, 0.0, 0.0);
#else
    THIS_VAR = THIS_norm;
#endif
    float theta = acos(clamp(z.z / rs, -1.0, 1.0)) * n + radians(THIS_ThetaShift);
    float phi = atan(z.y, z.x) * n;
    if (i > 0) phi += radians(THIS_PhiShift);
    dr = pow(rs, n - 1.0) * n * dr + 1.0;
    z = pow(rs, n) * vec3(sin(theta) * cos(phi), sin(phi) * sin(theta), cos(theta)) + c;
    r = length(z);
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
  }
  THIS_VAR = previous;
  float d = 0.5 * log(max(r, 1e-6)) * r / dr * sc;
#ifdef THIS_RETURN_TYPE_Sdf
#ifdef ROPKIT_SDF_ORBIT_TRAP
  Sdf res = createSdf(d);
  res.orbitTrap = trap;
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
