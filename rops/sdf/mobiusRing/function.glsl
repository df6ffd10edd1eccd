#include "node/axisUp.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  // In the frame of the Axis (the ring around its y).
  vec3 q = THIS_UP(p - THIS_Translate);
  float rho = length(q.xz);
  float phi = atan(q.z, q.x);
  float THIS_n = phi / TAU + 0.5;
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(360.0 * THIS_n, THIS_n, 0.0, 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = THIS_n;
#endif
  float radius = THIS_Radius;
  vec2 hs = 0.5 * vec2(THIS_Width, THIS_Thickness);
  float rnd = clamp(THIS_Rounding, 0.0, min(hs.x, hs.y));
  THIS_VAR = previous;
  // The cross section at azimuth phi, turned back by half the twist angle.
  vec2 c = vec2(rho - radius, q.y);
  float a = -0.5 * float(THIS_HalfTwists) * phi - radians(THIS_TwistPhase);
  float ca = cos(a);
  float sa = sin(a);
  c = vec2(ca * c.x - sa * c.y, sa * c.x + ca * c.y);
  vec2 e = abs(c) - hs + rnd;
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0) - rnd;
  // The section's field is 0 exactly on the band's surface, and its slope
  // is at most the twist's: divided by that, it is a bound. Half a turn of
  // the section per half twist over a full turn of azimuth.
  vec2 off = vec2(rho - radius, q.y);
  d /= rktTwistSlope(off, rho, 0.5 * float(THIS_HalfTwists), abs(d));
  d = rktHeld(d, off, 0.5 * length(2.0 * hs));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
