ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float rho = length(q.xz);
  float phi = atan(q.z, q.x);
  // The cross section at azimuth phi, turned back by half the twist angle.
  vec2 c = vec2(rho - THIS_Radius, q.y);
  float a = -0.5 * float(THIS_HalfTwists) * phi;
  float ca = cos(a);
  float sa = sin(a);
  c = vec2(ca * c.x - sa * c.y, sa * c.x + ca * c.y);
  vec2 e = abs(c) - 0.5 * vec2(THIS_Width, THIS_Thickness);
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
  // Moving around the axis by s turns the section by k s / (2 rho), which
  // moves the section point by |c| k / (2 rho) per unit: the field's slope
  // is at most sqrt(1 + (k |c| / (2 rho))^2); divide by the largest value
  // of it within reach (|c| + |d|, at the nearest radius) to stay a bound.
  float k = float(THIS_HalfTwists);
  float reach = length(c) + abs(d);
  float nearRho = max(rho - abs(d), 1e-3);
  d /= sqrt(1.0 + pow(k * reach / (2.0 * nearRho), 2.0));
  // The band lies inside the torus around its centre line that holds the
  // whole cross section; outside that torus its exact distance is a bound
  // too, and a much better one near the axis and far away.
  float torus = length(vec2(rho - THIS_Radius, q.y)) - 0.5 * length(vec2(THIS_Width, THIS_Thickness));
  if (torus > 0.0) d = max(d, torus);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
