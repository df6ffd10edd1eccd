ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float n = max(THIS_Steps, 1e-6);
#if defined(THIS_Rounding_nearest)
  return floor(x * n + 0.5) / n;
#elif defined(THIS_Rounding_ceil)
  return ceil(x * n) / n;
#else
  return floor(x * n) / n;
#endif
}
