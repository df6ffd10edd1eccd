ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT lo = CoordT(THIS_RangeLow);
  CoordT hi = CoordT(THIS_RangeHigh);
  CoordT span = hi - lo;
#if defined(THIS_Extend_cycle)
  p = lo + mod(p - lo, span);
#elif defined(THIS_Extend_mirror)
  // Offset into a double span, folded back over its second half.
  CoordT u = mod(p - lo, 2.0 * span);
  p = lo + span - abs(u - span);
#elif defined(THIS_Extend_default)
#if defined(THIS_COORD_TYPE_float)
  bool outside = p < lo || p > hi;
#else
  bool outside = any(lessThan(p, lo)) || any(greaterThan(p, hi));
#endif
  if (outside) {
#ifdef THIS_RETURN_TYPE_Sdf
    return createSdf(THIS_DefaultValue);
#else
    return ReturnT(THIS_DefaultValue);
#endif
  }
#else
  p = clamp(p, lo, hi);
#endif
  return inputOp1(p, ctx);
}
