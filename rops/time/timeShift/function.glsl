ReturnT thismap(CoordT p, ContextT ctx) {
  // Compose with any shift already in force: t' = Speed * (scale t + shift) + Offset.
  float oldShift = rkTimeShift;
  float oldScale = rkTimeScale;
  rkTimeScale = oldScale * THIS_Speed;
#if defined(THIS_Interval_frames)
  rkTimeShift = oldShift * THIS_Speed + THIS_Offset_at(p, ctx) / max(THIS_FrameRate, 1e-3);
#else
  rkTimeShift = oldShift * THIS_Speed + THIS_Offset_at(p, ctx);
#endif
  ReturnT res = inputOp1(p, ctx);
  rkTimeShift = oldShift;
  rkTimeScale = oldScale;
  return res;
}
