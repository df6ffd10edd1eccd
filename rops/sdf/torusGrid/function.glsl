#include "node/axisUp.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = THIS_UP(p - THIS_Translate);
  vec2 shift = TAU * THIS_Shift;
  float stepR = TAU / float(max(THIS_Rings, 1));
  float phi = atan(q.z, q.x) - shift.x;
  float ringK = floor(phi / stepR + 0.5);
  float col = mod(ringK, float(max(THIS_Rings, 1)));
  float normcol = col / max(float(THIS_Rings) - 1.0, 1.0);
  float around = atan(q.x, q.z) / TAU + 0.5;
  THIS_Type previous = THIS_VAR;
#if defined(THIS_Type_vec4)
  THIS_VAR = vec4(col, 0.0, normcol, 0.0);
#else
  THIS_VAR = around;
#endif
  float R = THIS_Radius;
  float r = min(THIS_TubeRadius, R);
  float rho = length(q.xz);
  // The band through the point's angle around the tube.
  vec2 c = vec2(rho - R, q.y);
  float stepB = TAU / float(max(THIS_Bands, 1));
  float psi = atan(c.y, c.x) - shift.y;
  float bandK = floor(psi / stepB + 0.5);
#if defined(THIS_Type_vec4)
  float row = mod(bandK, float(max(THIS_Bands, 1)));
  THIS_VAR = vec4(col, row, normcol, row / max(float(THIS_Bands) - 1.0, 1.0));
#endif
  float t = THIS_Thickness;
  THIS_VAR = previous;
  float d = 1e20;
  // Rings: the squared distance to the ring at azimuth offset D falls as
  // cos(D) rises (its derivative in cos(D) is -2 rho (R + r cos(angle)) < 0
  // for r < R), so the nearest by azimuth is nearest.
  if (THIS_Rings > 0) {
    float dphi = phi - stepR * ringK;
    vec2 cr = vec2(rho * cos(dphi) - R, q.y);
    d = min(d, length(vec2(length(cr) - r, rho * sin(dphi))));
  }
  // Bands: in the half plane (rho - R, y) each band is a point of the tube's
  // circle, and the nearest by angle around the tube is nearest.
  if (THIS_Bands > 0) {
    float a = stepB * bandK + shift.y;
    d = min(d, length(c - r * vec2(cos(a), sin(a))));
  }
  d -= t;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
