ReturnT thismap(CoordT p, ContextT ctx) {
  float x = inputOp1(p, ctx);
#ifdef THIS_HAS_INPUT_2
  x = inputOp2(x, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  x = inputOp3(x, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  x = inputOp4(x, ctx);
#endif
  return x;
}
