ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  res.debug = inputOp2(p, ctx);
  return res;
}
