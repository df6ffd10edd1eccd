ReturnT THIS_shape(int k, CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_2
  if (k == 1) return inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  if (k == 2) return inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  if (k == 3) return inputOp4(p, ctx);
#endif
  return inputOp1(p, ctx);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float t = clamp(THIS_Amount, 0.0, float(THIS_LAST));
  int k = min(int(floor(t)), max(THIS_LAST - 1, 0));
  float f = clamp(t - float(k), 0.0, 1.0);
  if (THIS_Smooth) f = f * f * (3.0 - 2.0 * f);
  ReturnT a = THIS_shape(k, p, ctx);
  if (f <= 0.0 || THIS_LAST == 0) return a;
  ReturnT b = THIS_shape(k + 1, p, ctx);
  if (f >= 1.0) return b;
#if defined(THIS_RETURN_TYPE_Sdf)
  float d = mix(a.x, b.x, f);
  blendInSdf(a, b, f);
  a.x = d;
  return a;
#else
  return mix(a, b, f);
#endif
}
