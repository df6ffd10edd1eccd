ReturnT thismap(CoordT p, ContextT ctx) {
  int axis = THIS_AXIS;
#if defined(THIS_COORD_TYPE_vec2)
  axis = min(axis, 1);
#endif
  CoordT q = dmSet(p, axis, 2.0 * THIS_Offset - dmGet(p, axis));
#if defined(THIS_Merge_on)
#if defined(THIS_CONTEXT_TYPE_Context)
  ContextT c0 = ctx;
  ctx.iteration = vec4(1.0, 2.0, 0.0, 0.0);
  c0.iteration = vec4(0.0, 2.0, 0.0, 0.0);
  ReturnT res = inputOp1(p, c0);
#else
  ReturnT res = inputOp1(p, ctx);
#endif
  xfUnion(res, inputOp1(q, ctx), 0.0);
  return res;
#else
  return inputOp1(q, ctx);
#endif
}
