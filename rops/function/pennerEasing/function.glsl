// The out form of bounce: four parabolic hops, each 1/4 as high as the last
// (Penner's constants: 7.5625 = 2.75^2 makes the first arc reach 1 at x = 1/2.75).
float THIS_bounceOut(float x) {
  const float n = 7.5625;
  const float d = 2.75;
  if (x < 1.0 / d) return n * x * x;
  if (x < 2.0 / d) { x -= 1.5 / d; return n * x * x + 0.75; }
  if (x < 2.5 / d) { x -= 2.25 / d; return n * x * x + 0.9375; }
  x -= 2.625 / d;
  return n * x * x + 0.984375;
}

// Every curve is defined once, as its in form; the modes mirror it.
float THIS_in(float x) {
#if defined(THIS_Curve_quad)
  return x * x;
#elif defined(THIS_Curve_quart)
  return x * x * x * x;
#elif defined(THIS_Curve_quint)
  return x * x * x * x * x;
#elif defined(THIS_Curve_sine)
  return 1.0 - cos(0.5 * PI * x);
#elif defined(THIS_Curve_expo)
  return x <= 0.0 ? 0.0 : exp2(10.0 * x - 10.0);
#elif defined(THIS_Curve_circ)
  return 1.0 - sqrt(max(1.0 - x * x, 0.0));
#elif defined(THIS_Curve_back)
  const float c1 = 1.70158;
  return (c1 + 1.0) * x * x * x - c1 * x * x;
#elif defined(THIS_Curve_elastic)
  if (x <= 0.0 || x >= 1.0) return x;
  return -exp2(10.0 * x - 10.0) * sin((10.0 * x - 10.75) * TAU / 3.0);
#elif defined(THIS_Curve_bounce)
  return 1.0 - THIS_bounceOut(1.0 - x);
#else
  return x * x * x;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  x = clamp(x, 0.0, 1.0);
#if defined(THIS_Mode_in)
  return THIS_in(x);
#elif defined(THIS_Mode_out)
  return 1.0 - THIS_in(1.0 - x);
#else
  return x < 0.5 ? 0.5 * THIS_in(2.0 * x) : 1.0 - 0.5 * THIS_in(2.0 - 2.0 * x);
#endif
}
