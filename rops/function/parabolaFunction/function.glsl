ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float t = clamp(x, 0.0, 1.0);
  return pow(4.0 * t * (1.0 - t), max(THIS_Power, 1e-3));
}
