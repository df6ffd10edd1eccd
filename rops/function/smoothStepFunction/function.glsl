ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float span = THIS_Edge1 - THIS_Edge0;
  // Equal edges: a hard step rather than a division by zero.
  float t = abs(span) < 1e-9 ? step(THIS_Edge0, x) : clamp((x - THIS_Edge0) / span, 0.0, 1.0);
#if defined(THIS_Order_quintic)
  return t * t * t * (t * (6.0 * t - 15.0) + 10.0);
#else
  return t * t * (3.0 - 2.0 * t);
#endif
}
