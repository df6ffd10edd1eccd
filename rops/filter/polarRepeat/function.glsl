#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  float n = max(floor(THIS_Count + 0.5), 1.0);
  float angle = TAU / n;
  float a = atan(w.y, w.x) - radians(THIS_Rotate) + angle * 0.5;
  float c = floor(a / angle);
  a = mod(a, angle) - angle * 0.5;
  w = vec2(cos(a), sin(a)) * length(w);
  w.x -= THIS_Offset;
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(mod(c, n), n, 0.0, 0.0);
#endif
#include "node/returnCopy.glsl"
}
