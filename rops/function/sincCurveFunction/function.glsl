// Near 0 the quotient is 0 / 0: its Taylor series 1 - a^2 / 6 takes over.
ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
#ifdef THIS_Peak_shifted
  float a = 3.14159265358979 * (THIS_Frequency * x - 1.0);
#else
  float a = 3.14159265358979 * THIS_Frequency * x;
#endif
  if (abs(a) < 1e-3) {
    return 1.0 - a * a / 6.0;
  }
  return sin(a) / a;
}
