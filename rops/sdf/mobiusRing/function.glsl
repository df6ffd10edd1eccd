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
  // The section's field is 0 exactly on the band's surface, and its slope
  // is at most the twist's: divided by that, it is a bound. Half a turn of
  // the section per half twist over a full turn of azimuth.
  vec2 off = vec2(rho - THIS_Radius, q.y);
  d /= rktTwistSlope(off, rho, 0.5 * float(THIS_HalfTwists), abs(d));
  d = rktHeld(d, off, 0.5 * length(vec2(THIS_Width, THIS_Thickness)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
