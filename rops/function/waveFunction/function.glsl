ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  // t counts cycles; every shape takes value 0 (square: +1) at whole cycles.
  float t = x / max(THIS_Period, 1e-6) + THIS_Phase;
#if defined(THIS_Shape_square)
  float w = fract(t) < 0.5 ? 1.0 : -1.0;
#elif defined(THIS_Shape_triangle)
  float w = 1.0 - 4.0 * abs(fract(t + 0.25) - 0.5);
#elif defined(THIS_Shape_saw)
  float w = 2.0 * fract(t + 0.5) - 1.0;
#else
  float w = sin(TAU * t);
#endif
  return THIS_Offset + THIS_Amplitude * w;
}
