ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_Swap_on
  Sdf res = inputOp2(p, ctx);
  float a = res.x;
  float b = inputOp1(p, ctx).x;
#else
  Sdf res = inputOp1(p, ctx);
  float a = res.x;
  float b = inputOp2(p, ctx).x;
#endif
  float r = max(THIS_Radius_at(p, ctx), 0.0);
#if defined(THIS_Mode_groove)
  // The channel: within r of the cutter's surface, down to Depth.
  res.x = max(a, min(a + THIS_Depth_at(p, ctx), r - abs(b)));
#elif defined(THIS_Mode_tongue)
  res.x = min(a, max(a - THIS_Depth_at(p, ctx), abs(b) - r));
#elif defined(THIS_Mode_pipe)
  res.x = length(vec2(a, b)) - r;
#else
  // A 45-degree V: the first surface lowered by r where the cutter's
  // surface crosses it, rising to meet it r away on each side.
  res.x = max(a, (a + r - abs(b)) * sqrt(0.5));
#endif
  return res;
}
