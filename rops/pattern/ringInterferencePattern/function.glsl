#include "node/patternPoint.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = THIS_patternPoint(p);
  q = 50.0 * (q - THIS_Center) / THIS_Size;
  float r = length(q);
  float phi = atan(q.y, q.x);
  // The spiral's angle at this radius: one turn every 10 * TAU of radius.
  float spiral = (r - THIS_Phase * 90.0 * TAU) / 10.0;
  float v = abs(cos(phi) - cos(spiral));
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(mix(THIS_ColorA, THIS_ColorB, clamp(0.5 * v, 0.0, 1.0)), 1.0);
#else
  return v;
#endif
}
