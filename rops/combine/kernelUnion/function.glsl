// The smooth minimum of x and y for a seam of size k, and in `share` how
// much of y it holds (0 to 1, for the materials).
float THIS_smin(float x, float y, float k, out float share) {
#if defined(THIS_Kernel_quadratic)
  float h = max(k - abs(x - y), 0.0) / k;
  share = x < y ? 0.5 * h : 1.0 - 0.5 * h;
  return min(x, y) - 0.25 * k * h * h;
#elif defined(THIS_Kernel_exponential)
  // k * log2(2^(-x/k) + 2^(-y/k)) with its sign turned, written so the
  // powers never overflow.
  float m = min(x, y);
  float ex = exp2((m - x) / k);
  float ey = exp2((m - y) / k);
  share = ey / (ex + ey);
  return m - k * log2(ex + ey);
#elif defined(THIS_Kernel_root)
  float d = x - y;
  share = clamp(0.5 - 0.5 * d / sqrt(d * d + k * k), 0.0, 1.0);
  return 0.5 * (x + y - sqrt(d * d + k * k));
#elif defined(THIS_Kernel_circular)
  // The arc of radius k tangent to both: where both are within k, the
  // distance from the corner (k, k) less k.
  vec2 u = max(vec2(k - x, k - y), vec2(0.0));
  share = x < y ? 0.5 * u.y / k : 1.0 - 0.5 * u.x / k;
  return max(k, min(x, y)) - length(u);
#else
  float h = max(k - abs(x - y), 0.0) / k;
  share = x < y ? 0.5 * h * h * h : 1.0 - 0.5 * h * h * h;
  return min(x, y) - h * h * h * k / 6.0;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf a = inputOp1(p, ctx);
  Sdf b = inputOp2(p, ctx);
  float k = max(THIS_Blend, 1e-4);
  float share;
  Sdf res = a;
#if defined(THIS_Mode_intersect)
  float d = -THIS_smin(-a.x, -b.x, k, share);
  blendInSdf(res, b, clamp(share, 0.0, 1.0));
#elif defined(THIS_Mode_difference)
  float d = -THIS_smin(-a.x, b.x, k, share);
#else
  float d = THIS_smin(a.x, b.x, k, share);
  blendInSdf(res, b, clamp(share, 0.0, 1.0));
#endif
  res.x = d;
  return res;
}
