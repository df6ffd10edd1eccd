#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  float idx = w.x >= 0.0 ? (w.y >= 0.0 ? 0.0 : 3.0) : (w.y >= 0.0 ? 1.0 : 2.0);
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_sign)
  ctx.iteration = vec4(w.x >= 0.0 ? 1.0 : -1.0, w.y >= 0.0 ? 1.0 : -1.0, 0.0, 0.0);
#endif
  w = abs(w) - THIS_Offset;
  w = xfRotate(w, -radians(THIS_RotateAxis)) - THIS_PostOffset;
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_index)
  ctx.iteration = vec4(idx, 4.0, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
