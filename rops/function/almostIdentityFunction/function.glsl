// Below the threshold m, a cubic h(t), t = x / m, with h(0) = n, h(1) = m
// and h'(1) = m (the identity's value and slope at x = m):
// h(t) = n + (3m - 3n - m) t^2 + (2n - 2m + m) t^3.
ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float m = THIS_Threshold;
  float n = THIS_Floor;
  if (x >= m) {
    return x;
  }
  float t = max(x, 0.0) / m;
  return n + ((2.0 * m - 3.0 * n) + (2.0 * n - m) * t) * t * t;
}
