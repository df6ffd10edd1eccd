ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float R = THIS_Radius;
  float r = min(THIS_TubeRadius, R);
  float rho = length(q.xz);
  float d = 1e20;
  // Rings: the squared distance to the ring at azimuth offset D falls as
  // cos(D) rises (its derivative in cos(D) is -2 rho (R + r cos(angle)) < 0
  // for r < R), so the nearest by azimuth is nearest.
  if (THIS_Rings > 0) {
    float step = TAU / float(THIS_Rings);
    float phi = atan(q.z, q.x);
    float dphi = phi - step * floor(phi / step + 0.5);
    vec2 c = vec2(rho * cos(dphi) - R, q.y);
    d = min(d, length(vec2(length(c) - r, rho * sin(dphi))));
  }
  // Bands: in the half plane (rho - R, y) each band is a point of the tube's
  // circle, and the nearest by angle around the tube is nearest.
  if (THIS_Bands > 0) {
    vec2 c = vec2(rho - R, q.y);
    float step = TAU / float(THIS_Bands);
    float psi = atan(c.y, c.x);
    float a = step * floor(psi / step + 0.5);
    d = min(d, length(c - r * vec2(cos(a), sin(a))));
  }
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
