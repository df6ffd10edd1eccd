ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT b = inputOp2(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  if (b.x > THIS_Margin) return b;
#else
  if (b > THIS_Margin) return b;
#endif
  return inputOp1(p, ctx);
}
