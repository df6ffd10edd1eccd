ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
  for (int i = 0; i < THIS_Layers; i++) {
#if defined(THIS_RETURN_TYPE_Sdf)
    res.x = abs(res.x) - THIS_Thickness_at(p, ctx);
#else
    res = abs(res) - THIS_Thickness_at(p, ctx);
#endif
  }
  return res;
}
