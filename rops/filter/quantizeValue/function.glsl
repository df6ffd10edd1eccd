#if defined(THIS_RETURN_TYPE_Sdf)
#define THIS_T float
#else
#define THIS_T ReturnT
#endif

THIS_T THIS_quantize(THIS_T value) {
  float s = max(THIS_Step, 1e-6);
  THIS_T u = (value - THIS_Offset) / s;
#if defined(THIS_Rounding_nearest)
  u += 0.5;
#endif
  THIS_T k = floor(u);
  THIS_T f = u - k;
  float w = clamp(THIS_Smoothing, 0.0, 1.0);
#if defined(THIS_Rounding_ceil)
  // Up: each rise comes at the start of a step (spread over its first
  // Smoothing of it).
  THIS_T rise = w > 0.0 ? smoothstep(THIS_T(0.0), THIS_T(w), f) : step(THIS_T(1e-7), f);
#else
  // Down or to the nearest: each rise comes at the end of a step.
  THIS_T rise = w > 0.0 ? smoothstep(THIS_T(1.0 - w), THIS_T(1.0), f) : THIS_T(0.0);
#endif
  return THIS_Offset + (k + rise) * s;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_RETURN_TYPE_Sdf)
  Sdf res = inputOp1(p, ctx);
  res.x = THIS_quantize(res.x);
  return res;
#else
  return THIS_quantize(inputOp1(p, ctx));
#endif
}
