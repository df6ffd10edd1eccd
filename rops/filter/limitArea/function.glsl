ReturnT THIS_outside(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_3
  return inputOp3(p, ctx);
#else
  return ReturnT(THIS_OutsideValue);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float a = inputOp2(p, ctx) - THIS_Offset;
  float b = max(THIS_Blend, 0.0);
  float t = b > 0.0 ? smoothstep(-b, b, a) : step(0.0, a);
  // Each side is evaluated only where it shows.
  if (t <= 0.0) return inputOp1(p, ctx);
  if (t >= 1.0) return THIS_outside(p, ctx);
  return mix(inputOp1(p, ctx), THIS_outside(p, ctx), t);
}
