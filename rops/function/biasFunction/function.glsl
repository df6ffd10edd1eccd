ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float b = clamp(THIS_Bias, 1e-3, 0.999);
  return pow(clamp(x, 0.0, 1.0), log(b) / log(0.5));
}
