ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_Swap_on
#ifdef THIS_HAS_INPUT_2
  ReturnT a = inputOp2(p, ctx);
#else
  ReturnT a = ReturnT(THIS_Value);
#endif
  ReturnT b = inputOp1(p, ctx);
#else
  ReturnT a = inputOp1(p, ctx);
#ifdef THIS_HAS_INPUT_2
  ReturnT b = inputOp2(p, ctx);
#else
  ReturnT b = ReturnT(THIS_Value);
#endif
#endif
#if defined(THIS_Operation_subtract)
  return a - b;
#elif defined(THIS_Operation_multiply)
  return a * b;
#elif defined(THIS_Operation_divide)
  return a / b;
#elif defined(THIS_Operation_min)
  return min(a, b);
#elif defined(THIS_Operation_max)
  return max(a, b);
#elif defined(THIS_Operation_average)
  return (a + b) * 0.5;
#elif defined(THIS_Operation_power)
  return pow(abs(a), b);
#elif defined(THIS_Operation_remap)
  vec2 f = THIS_FromRange;
  vec2 t = THIS_ToRange;
  float span = abs(f.y - f.x) < 1e-12 ? 1e-12 : f.y - f.x;
  return t.x + (a - f.x) * ((t.y - t.x) / span);
#elif defined(THIS_Operation_clamp)
  return clamp(a, min(THIS_ToRange.x, THIS_ToRange.y), max(THIS_ToRange.x, THIS_ToRange.y));
#elif defined(THIS_Operation_abs)
  return abs(a);
#elif defined(THIS_Operation_oneMinus)
  return 1.0 - a;
#else
  return a + b;
#endif
}
