ReturnT thismap(CoordT p, ContextT ctx) {
  return createSdf((inputOp1(p, ctx) - THIS_Threshold) * THIS_Scale);
}
