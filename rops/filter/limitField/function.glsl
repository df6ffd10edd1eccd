#if defined(THIS_Channels_each) && defined(THIS_RETURN_TYPE_vec4)
#define THIS_LOW THIS_LowEach
#define THIS_HIGH THIS_HighEach
#elif defined(THIS_Channels_each)
#define THIS_LOW THIS_LowEach.x
#define THIS_HIGH THIS_HighEach.x
#else
#define THIS_LOW ReturnT(THIS_Low)
#define THIS_HIGH ReturnT(THIS_High)
#endif

// Quadratic smooth minimum of a and b over k (the plain min at 0).
ReturnT THIS_smin(ReturnT a, ReturnT b, float k) {
  if (k <= 0.0) return min(a, b);
  ReturnT h = max(k - abs(a - b), ReturnT(0.0)) / k;
  return min(a, b) - 0.25 * k * h * h;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT v = inputOp1(p, ctx);
  ReturnT lo = THIS_LOW;
  ReturnT span = max(THIS_HIGH - lo, ReturnT(1e-6));
#if defined(THIS_Mode_loop)
  return lo + mod(v - lo, span);
#elif defined(THIS_Mode_zigzag)
  return lo + span * (1.0 - abs(mod((v - lo) / span, 2.0) - 1.0));
#else
  float k = THIS_Blending;
  if (k <= 0.0) return clamp(v, lo, lo + span);
  // Soft: the smooth minimum with the top, then the smooth maximum with the
  // bottom.
  return -THIS_smin(-THIS_smin(v, lo + span, k), -lo, k);
#endif
}
