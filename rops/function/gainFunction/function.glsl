// Perlin's bias with b = 1 - gain: each half of the gain curve is one.
float THIS_bias(float t) {
  float b = clamp(1.0 - THIS_Gain, 1e-3, 0.999);
  return pow(t, log(b) / log(0.5));
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  x = clamp(x, 0.0, 1.0);
  return x < 0.5 ? 0.5 * THIS_bias(2.0 * x) : 1.0 - 0.5 * THIS_bias(2.0 - 2.0 * x);
}
