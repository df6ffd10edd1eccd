ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT v = inputOp1(p, ctx);
  float lo = THIS_Low;
  float span = max(THIS_High - THIS_Low, 1e-6);
#if defined(THIS_Mode_loop)
  return lo + mod(v - lo, span);
#elif defined(THIS_Mode_zigzag)
  return lo + span * (1.0 - abs(mod((v - lo) / span, 2.0) - 1.0));
#else
  return clamp(v, lo, lo + span);
#endif
}
