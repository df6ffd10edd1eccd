#include "node/axisOrPoints.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  float hRaw;
  p = THIS_frame(p, hRaw);
  float h = max(hRaw, 1e-4);
  THIS_Type previous = THIS_VAR;
  THIS_setVar(p, h);
  float radius = THIS_Radius;
  THIS_VAR = previous;
  // Tip at the origin, base at y = -h.
  vec2 w = vec2(length(p.xz), p.y - h);
  vec2 q = vec2(max(radius, 1e-6), -h);
  vec2 a = w - q * clamp(dot(w, q) / dot(q, q), 0.0, 1.0);
  vec2 b = w - q * vec2(clamp(w.x / q.x, 0.0, 1.0), 1.0);
  float s = max(-(w.x * q.y - w.y * q.x), -(w.y - q.y));
  float d = sqrt(min(dot(a, a), dot(b, b))) * sign(s);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
