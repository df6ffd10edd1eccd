#include "node/patternPoint.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = THIS_patternPoint(p);
  q = (q - THIS_Translate) / THIS_Size;
  vec2 u = fract(q) - 0.5;
  float a = 8.0 * TAU * THIS_Twist * max(0.0, 0.5 - length(u));
  float v = dot(vec2(cos(a - 33.0), cos(a)), u);
  float b = 0.5 * max(THIS_Blending, 0.0);
  float m = b > 0.0 ? smoothstep(-b, b, v) : step(0.0, v);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(mix(THIS_ColorA, THIS_ColorB, m), 1.0);
#else
  return m;
#endif
}
