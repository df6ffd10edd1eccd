ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  vec3 r = max(THIS_Radii_at(p, ctx), vec3(1e-4));
  float k0 = length(p / r);
  float k1 = length(p / (r * r));
  float rmin = min(r.x, min(r.y, r.z));
  // Outside: Inigo Quilez's estimate. Inside it can overshoot, so it is capped by
  // (k0 - 1) * rmin: p lies on the ellipsoid scaled by k0, and a ball of radius
  // (1 - k0) * rmin around any point of that one stays inside.
  float d = k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -rmin;
  if (k0 < 1.0) d = max(d, (k0 - 1.0) * rmin);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
