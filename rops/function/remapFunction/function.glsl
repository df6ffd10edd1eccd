ReturnT thismap(CoordT p, ContextT ctx) {
  float span = THIS_FromRange.y - THIS_FromRange.x;
  // A zero span would divide by zero: treat it as a step at FromRange.x.
  float t = abs(span) > 1e-9 ? (p - THIS_FromRange.x) / span : (p >= THIS_FromRange.x ? 1.0 : 0.0);
  if (THIS_Clamp) t = clamp(t, 0.0, 1.0);
#ifdef THIS_HAS_INPUT_1
  t = inputOp1(t, ctx);
#endif
  return mix(THIS_ToRange.x, THIS_ToRange.y, t);
}
