ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float h = max(x, 0.0) / max(THIS_Peak, 1e-6);
  return h * exp(1.0 - h);
}
