ReturnT thismap(CoordT p, ContextT ctx) {
  // Compose with any shift already in force: t' = Speed * (scale t + shift) + Offset.
  float oldShift = rkTimeShift;
  float oldScale = rkTimeScale;
  rkTimeScale = oldScale * THIS_Speed;
  rkTimeShift = oldShift * THIS_Speed + THIS_Offset_at(p, ctx);
  ReturnT res = inputOp1(p, ctx);
  rkTimeShift = oldShift;
  rkTimeScale = oldScale;
  return res;
}
