ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  res.objectId = vec4(float(THIS_Id), 0.0, 0.0, 0.0);
  return res;
}
