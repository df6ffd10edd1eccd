ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  return x < THIS_Edge ? THIS_Low : THIS_High;
}
