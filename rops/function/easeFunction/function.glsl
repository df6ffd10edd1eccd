float THIS_in(float x) {
  return pow(x, max(THIS_Power, 1e-3));
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  x = clamp(x, 0.0, 1.0);
  // out and inOut are the in curve mirrored, so all three share one power.
#if defined(THIS_Mode_in)
  return THIS_in(x);
#elif defined(THIS_Mode_out)
  return 1.0 - THIS_in(1.0 - x);
#else
  return x < 0.5 ? 0.5 * THIS_in(2.0 * x) : 1.0 - 0.5 * THIS_in(2.0 - 2.0 * x);
#endif
}
