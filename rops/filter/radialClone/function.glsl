#include "node/axisPlane.glsl"
#include "node/mergeModes.glsl"

// Copy i: the input moved out along the plane's first axis, then turned by
// Rotate + i * Angle range / Count about the axis. Evaluating it undoes
// both; the fields on Radius, Rotate and Blend see the copy's iteration.
ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx, out float blend) {
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(i), float(n), 0.0, 0.0);
#endif
  float range = THIS_AngleRange == 360.0 ? TAU : radians(THIS_AngleRange);
  vec2 w = THIS_PLANE(p);
  w = xfRotate(w, -(radians(THIS_Rotate_at(p, ctx)) + range * float(i) / float(n)));
  w.x -= THIS_Radius_at(p, ctx);
  CoordT q = p;
  THIS_PLANE(q) = w;
  blend = THIS_Blend_at(q, ctx);
  return inputOp1(q, ctx);
}

#include "node/copyUnion.glsl"
