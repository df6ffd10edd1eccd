#include "node/mergeModes.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  int axis = THIS_AXIS;
#if defined(THIS_COORD_TYPE_vec2)
  axis = min(axis, 1);
#endif
  float x = dmGet(p, axis);
  CoordT q = dmSet(p, axis, 2.0 * THIS_Offset - x - THIS_Shift);
#if defined(THIS_Merge_on)
  CoordT pa = dmSet(p, axis, x - THIS_Shift);
#if defined(THIS_CONTEXT_TYPE_Context) && !defined(THIS_Iteration_none)
  ContextT c0 = ctx;
#if defined(THIS_Iteration_sign)
  ctx.iteration = vec4(-1.0, 2.0, 0.0, 0.0);
  c0.iteration = vec4(1.0, 2.0, 0.0, 0.0);
#else
  ctx.iteration = vec4(1.0, 2.0, 0.0, 0.0);
  c0.iteration = vec4(0.0, 2.0, 0.0, 0.0);
#endif
  ReturnT res = inputOp1(pa, c0);
#else
  ReturnT res = inputOp1(pa, ctx);
#endif
  THIS_merge(res, inputOp1(q, ctx), THIS_MergeRadius, THIS_MergeNumber, THIS_MergeOffset);
  return res;
#else
  return inputOp1(q, ctx);
#endif
}
