ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  float d = res.x;
#else
  float d = res;
#endif
  float t = max(THIS_Thickness_at(p, ctx), 0.0);
  // The wall is the band a < d < b of the input's distance.
#if defined(THIS_Side_outside)
  d = max(-d, d - t);
#elif defined(THIS_Side_center)
  d = abs(d) - 0.5 * t;
#else
  d = max(d, -d - t);
#endif
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = d;
#else
  res = d;
#endif
  return res;
}
