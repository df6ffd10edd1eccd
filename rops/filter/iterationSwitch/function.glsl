ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context)
  int THIS_pick = int(mod(floor(ctx.iteration.x + 0.5) + float(THIS_Offset), float(THIS_COUNT)));
#else
  int THIS_pick = 0;
#endif
#ifdef THIS_HAS_INPUT_2
  if (THIS_pick == 1) return inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  if (THIS_pick == 2) return inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  if (THIS_pick == 3) return inputOp4(p, ctx);
#endif
  return inputOp1(p, ctx);
}
