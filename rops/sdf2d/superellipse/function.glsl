ReturnT thismap(CoordT p, ContextT ctx) {
  float n = max(THIS_Exponent, 1.0);
  vec2 r = THIS_Size;
  float m = min(r.x, r.y);
  vec2 q = abs(p - THIS_Translate) / r;
  // Scaled so the larger coordinate is 1, which keeps pow in range.
  float big = max(max(q.x, q.y), 1e-9);
  float norm = big * pow(pow(q.x / big, n) + pow(q.y / big, n), 1.0 / n);
  // The Ln norm's gradient is at most 1 long for n >= 2, at most
  // 2^(1/n - 1/2) below; dividing by the radii stretches it by 1 / min.
  float slope = max(1.0, pow(2.0, 1.0 / n - 0.5));
  float d = (norm - 1.0) * m / slope;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
