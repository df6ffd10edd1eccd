ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float h = max(x, 0.0) / max(THIS_Peak, 1e-6);
#if defined(THIS_Shape_quad)
  return 2.0 * h / (1.0 + h * h);
#elif defined(THIS_Shape_polynomial)
  float n = max(THIS_Degree, 1.001);
  return n * h / (n - 1.0 + pow(h, n));
#elif defined(THIS_Shape_sustained)
  float s = max(h - 1.0, 0.0);
  return min(h * h, 1.0 + 2.0 * s * exp(-THIS_Falloff * s));
#else
  return h * exp(1.0 - h);
#endif
}
