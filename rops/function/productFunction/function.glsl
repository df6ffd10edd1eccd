ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT y = THIS_Scale * inputOp1(p, ctx);
#ifdef THIS_HAS_INPUT_2
  y *= inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  y *= inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  y *= inputOp4(p, ctx);
#endif
  return y;
}
