ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x -= THIS_Radius_at(p, ctx);
#else
  res -= THIS_Radius_at(p, ctx);
#endif
  return res;
}
