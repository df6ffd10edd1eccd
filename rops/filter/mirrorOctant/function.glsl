#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  float idx = w.x >= 0.0 ? (w.y >= 0.0 ? 0.0 : 3.0) : (w.y >= 0.0 ? 1.0 : 2.0);
  w = abs(w) - THIS_Offset;
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(idx, 4.0, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
