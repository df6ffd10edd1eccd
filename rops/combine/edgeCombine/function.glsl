ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  float a = res.x;
  float b = inputOp2(p, ctx).x;
  float r = max(THIS_Radius, 0.0);
#if defined(THIS_Mode_groove)
  // The channel: within r of the cutter's surface, down to Depth.
  res.x = max(a, min(a + THIS_Depth, r - abs(b)));
#elif defined(THIS_Mode_tongue)
  res.x = min(a, max(a - THIS_Depth, abs(b) - r));
#elif defined(THIS_Mode_pipe)
  res.x = length(vec2(a, b)) - r;
#else
  // A 45-degree V: the first surface lowered by r where the cutter's
  // surface crosses it, rising to meet it r away on each side.
  res.x = max(a, (a + r - abs(b)) * sqrt(0.5));
#endif
  return res;
}
