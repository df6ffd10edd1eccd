ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Step, 1e-6);
  ReturnT u = (inputOp1(p, ctx) - THIS_Offset) / s;
#if defined(THIS_Rounding_nearest)
  u += 0.5;
#endif
  ReturnT k = floor(u);
  ReturnT f = u - k;
  float w = clamp(THIS_Smoothing, 0.0, 1.0);
#if defined(THIS_Rounding_ceil)
  // Up: each rise comes at the start of a step (spread over its first
  // Smoothing of it).
  ReturnT rise = w > 0.0 ? smoothstep(ReturnT(0.0), ReturnT(w), f) : step(ReturnT(1e-7), f);
#else
  // Down or to the nearest: each rise comes at the end of a step.
  ReturnT rise = w > 0.0 ? smoothstep(ReturnT(1.0 - w), ReturnT(1.0), f) : ReturnT(0.0);
#endif
  return THIS_Offset + (k + rise) * s;
}
