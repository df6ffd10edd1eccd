// k = (A + B)^(A + B) / (A^A B^B) makes the peak 1; written with logs so
// that large powers do not overflow.
ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float a = THIS_A;
  float b = THIS_B;
  if (x <= 0.0 || x >= 1.0) {
    return 0.0;
  }
  float s = a + b;
  float logK = THIS_Normalize ? s * log(s) - a * log(a) - b * log(b) : log(max(THIS_Scale, 1e-30));
  if (!THIS_Normalize && THIS_Scale <= 0.0) {
    return 0.0;
  }
  return exp(logK + a * log(x) + b * log(1.0 - x));
}
