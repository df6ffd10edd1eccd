ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT y = ReturnT(THIS_Offset) + THIS_Weights.x * inputOp1(p, ctx);
#ifdef THIS_HAS_INPUT_2
  y += THIS_Weights.y * inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  y += THIS_Weights.z * inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  y += THIS_Weights.w * inputOp4(p, ctx);
#endif
  return y;
}
