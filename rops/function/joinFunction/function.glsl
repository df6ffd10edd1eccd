ReturnT thismap(CoordT p, ContextT ctx) {
#if THIS_COUNT == 0
  return 0.0;
#else
  float i = p * float(THIS_COUNT);
#if THIS_COUNT == 1
  return inputOp1(i - 0.0, ctx);
#elif THIS_COUNT > 1
  if (i <= 1.0) return inputOp1(i - 0.0, ctx);
#endif
#if THIS_COUNT == 2
  return inputOp2(i - 1.0, ctx);
#elif THIS_COUNT > 2
  if (i <= 2.0) return inputOp2(i - 1.0, ctx);
#endif
#if THIS_COUNT == 3
  return inputOp3(i - 2.0, ctx);
#elif THIS_COUNT > 3
  if (i <= 3.0) return inputOp3(i - 2.0, ctx);
#endif
#if THIS_COUNT == 4
  return inputOp4(i - 3.0, ctx);
#elif THIS_COUNT > 4
  if (i <= 4.0) return inputOp4(i - 3.0, ctx);
#endif
#if THIS_COUNT == 5
  return inputOp5(i - 4.0, ctx);
#elif THIS_COUNT > 5
  if (i <= 5.0) return inputOp5(i - 4.0, ctx);
#endif
#if THIS_COUNT == 6
  return inputOp6(i - 5.0, ctx);
#elif THIS_COUNT > 6
  if (i <= 6.0) return inputOp6(i - 5.0, ctx);
#endif
#if THIS_COUNT == 7
  return inputOp7(i - 6.0, ctx);
#elif THIS_COUNT > 7
  if (i <= 7.0) return inputOp7(i - 6.0, ctx);
#endif
#if THIS_COUNT == 8
  return inputOp8(i - 7.0, ctx);
#elif THIS_COUNT > 8
  if (i <= 8.0) return inputOp8(i - 7.0, ctx);
#endif
  return 0.0;
#endif
}
