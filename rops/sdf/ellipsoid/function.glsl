ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 r = max(THIS_Radii, vec3(1e-4));
  p -= THIS_Translate;
  float k0 = length(p / r);
  float k1 = length(p / (r * r));
  float d = k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -min(r.x, min(r.y, r.z));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
