ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf a = inputOp1(p, ctx);
  Sdf b = inputOp2(p, ctx);
  Sdf res = a.x <= b.x ? a : b;
#if defined(THIS_Mode_intersect)
  res = a.x >= b.x ? a : b;
  res.x = max(max(a.x, b.x), -inputOp3(vec2(-a.x, -b.x), ctx));
#elif defined(THIS_Mode_difference)
  res = a;
  res.x = max(max(a.x, -b.x), -inputOp3(vec2(-a.x, b.x), ctx));
#else
  res.x = min(min(a.x, b.x), inputOp3(vec2(a.x, b.x), ctx));
#endif
  return res;
}
