ReturnT thismap(CoordT p, ContextT ctx) {
  float x = p;
#if defined(THIS_Mode_input) || defined(THIS_Mode_both)
  x = 1.0 - x;
#elif defined(THIS_Mode_negateInput)
  x = -x;
#elif defined(THIS_Mode_mirrorPositive) || defined(THIS_Mode_flipNegative)
  x = abs(x);
#endif
#ifdef THIS_HAS_INPUT_1
  ReturnT y = inputOp1(x, ctx);
#else
  ReturnT y = ReturnT(x);
#endif
#if defined(THIS_Mode_output) || defined(THIS_Mode_both)
  y = 1.0 - y;
#elif defined(THIS_Mode_negateOutput)
  y = -y;
#elif defined(THIS_Mode_flipNegative)
  y *= sign(p);
#endif
  return y;
}
