ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_3
  float t = clamp(inputOp3(p, ctx), 0.0, 1.0);
#else
  float t = THIS_Mix;
#endif
  return mix(inputOp1(p, ctx), inputOp2(p, ctx), t);
}
