ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf a = inputOp1(p, ctx);
#ifndef THIS_HAS_INPUT_2
  return a;
#else
  Sdf b = inputOp2(p, ctx);
  float k = max(THIS_Blend, 1e-5);
  Sdf res = a;
#if defined(THIS_Mode_union)
  res = a.x <= b.x ? a : b;
#elif defined(THIS_Mode_intersect)
  res = a.x >= b.x ? a : b;
#elif defined(THIS_Mode_difference)
  res.x = max(a.x, -b.x);
#elif defined(THIS_Mode_smoothUnion)
  float h = clamp(0.5 + 0.5 * (b.x - a.x) / k, 0.0, 1.0);
  res.x = mix(b.x, a.x, h) - k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
#elif defined(THIS_Mode_smoothIntersect)
  float h = clamp(0.5 - 0.5 * (b.x - a.x) / k, 0.0, 1.0);
  res.x = mix(b.x, a.x, h) + k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
#elif defined(THIS_Mode_smoothDifference)
  float h = clamp(0.5 - 0.5 * (b.x + a.x) / k, 0.0, 1.0);
  res.x = mix(a.x, -b.x, h) + k * h * (1.0 - h);
#endif
  return res;
#endif
}
