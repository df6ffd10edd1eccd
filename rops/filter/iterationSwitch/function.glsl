ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context) || defined(THIS_CONTEXT_TYPE_MaterialContext)
  float THIS_i = floor(ctx.iteration.THIS_Part + 0.5) + float(THIS_Offset);
  float THIS_n = float(THIS_COUNT);
#if defined(THIS_Extend_clamp)
  int THIS_pick = int(clamp(THIS_i, 0.0, THIS_n - 1.0));
#elif defined(THIS_Extend_zigzag)
  // Up through the inputs and back down: period 2 (count - 1).
  float THIS_z = mod(THIS_i, max(2.0 * THIS_n - 2.0, 1.0));
  int THIS_pick = int(THIS_z > THIS_n - 1.0 ? 2.0 * THIS_n - 2.0 - THIS_z : THIS_z);
#else
  int THIS_pick = int(mod(THIS_i, THIS_n));
#endif
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
