ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT a = inputOp1(p, ctx);
  ReturnT b = inputOp2(p, ctx);
  float t = clamp(inputOp3(p, ctx) + THIS_Bias, 0.0, 1.0);
#if defined(THIS_RETURN_TYPE_Sdf)
  Sdf res = a;
  res.x = mix(a.x, b.x, t);
  blendInSdf(res, b, t);
  return res;
#else
  return mix(a, b, t);
#endif
}
