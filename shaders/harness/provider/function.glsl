ReturnT thismap(CoordT p, ContextT ctx) {
  THIS_VAR = THIS_Type(0.5);
  return inputOp1(p, ctx);
}
