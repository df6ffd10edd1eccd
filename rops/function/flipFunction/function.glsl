ReturnT thismap(CoordT p, ContextT ctx) {
  float x = p;
#if defined(THIS_Mode_input) || defined(THIS_Mode_both)
  x = 1.0 - x;
#endif
#ifdef THIS_HAS_INPUT_1
  float y = inputOp1(x, ctx);
#else
  float y = x;
#endif
#if defined(THIS_Mode_output) || defined(THIS_Mode_both)
  y = 1.0 - y;
#endif
  return y;
}
