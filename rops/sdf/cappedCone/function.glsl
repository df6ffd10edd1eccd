#define THIS_CENTRED
#include "node/axisOrPoints.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  float height;
  p = THIS_frame(p, height);
  float h = height * 0.5;
  THIS_Type previous = THIS_VAR;
  THIS_setVar(p, height);
  float r1 = THIS_BottomRadius;
  float r2 = THIS_TopRadius;
  THIS_VAR = previous;
  vec2 q = vec2(length(p.xz), p.y);
  vec2 k1 = vec2(r2, h);
  vec2 k2 = vec2(r2 - r1, 2.0 * h);
  vec2 ca = vec2(q.x - min(q.x, (q.y < 0.0) ? r1 : r2), abs(q.y) - h);
  vec2 cb = q - k1 + k2 * clamp(dot(k1 - q, k2) / max(dot(k2, k2), 1e-12), 0.0, 1.0);
  float s = (cb.x < 0.0 && ca.y < 0.0) ? -1.0 : 1.0;
  float d = s * sqrt(min(dot(ca, ca), dot(cb, cb)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
