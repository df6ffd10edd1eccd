ReturnT thismap(CoordT p, ContextT ctx) {
  return inputOp1(p, ctx);
}
