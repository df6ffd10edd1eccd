#include "node/axisPlane.glsl"

// Copy i: the input moved out along the plane's first axis, then turned by
// Rotate + i * 360 / Count about the axis. Evaluating it undoes both.
ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  w = xfRotate(w, -(radians(THIS_Rotate) + TAU * float(i) / float(n)));
  w.x -= THIS_Radius;
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(i), float(n), 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}

#include "node/copyUnion.glsl"
