ReturnT thismap(CoordT p, ContextT ctx) {
  // The unit solid has its corners at (1, 1, 1) and its tetrahedral images.
  float s = THIS_Radius * 0.57735026919;
  vec3 z = (p - THIS_Translate) / s;
  float scale = s;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  // The copy the point lies in, followed in the unfolded frame (the fold
  // below can map different copies onto one): its centre and size, and the
  // corner chosen at each level as a base-4 digit.
  float address = 0.0;
  float digit = 0.25;
  vec3 unfolded = z;
  vec3 centre = vec3(0.0);
  float size = 1.0;
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
#ifdef ROPKIT_SDF_ORBIT_TRAP
    vec3 rel = unfolded - centre;
    vec3 c = vec3(1.0, 1.0, 1.0);
    float best = dot(rel, c);
    float corner = 0.0;
    float e = dot(rel, vec3(1.0, -1.0, -1.0));
    if (e > best) { best = e; corner = 1.0; c = vec3(1.0, -1.0, -1.0); }
    e = dot(rel, vec3(-1.0, 1.0, -1.0));
    if (e > best) { best = e; corner = 2.0; c = vec3(-1.0, 1.0, -1.0); }
    e = dot(rel, vec3(-1.0, -1.0, 1.0));
    if (e > best) { best = e; corner = 3.0; c = vec3(-1.0, -1.0, 1.0); }
    address += corner * digit;
    digit *= 0.25;
    centre += 0.5 * size * c;
    size *= 0.5;
#endif
    z = rkfTetra(z);
    z = 2.0 * z - vec3(1.0);
    scale *= 0.5;
  }
  float d = rksTetrahedron(z) * scale;
#if defined(THIS_RETURN_TYPE_Sdf) && defined(ROPKIT_SDF_ORBIT_TRAP)
  Sdf res = createSdf(d);
  res.orbitTrap = vec4(address);
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
