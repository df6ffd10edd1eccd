// Every connected input is compiled in and Index, a live value, picks one
// when the shader runs: a new Index is a uniform write, not a new shader.
// (switch compiles only the chosen input in.)
ReturnT thismap(CoordT p, ContextT ctx) {
  int i = THIS_Index;
#ifdef THIS_HAS_INPUT_2
  if (i == 1) return inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  if (i == 2) return inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  if (i == 3) return inputOp4(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_5
  if (i == 4) return inputOp5(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_6
  if (i == 5) return inputOp6(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_7
  if (i == 6) return inputOp7(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_8
  if (i == 7) return inputOp8(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_9
  if (i == 8) return inputOp9(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_10
  if (i == 9) return inputOp10(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_11
  if (i == 10) return inputOp11(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_12
  if (i == 11) return inputOp12(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_13
  if (i == 12) return inputOp13(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_14
  if (i == 13) return inputOp14(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_15
  if (i == 14) return inputOp15(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_16
  if (i == 15) return inputOp16(p, ctx);
#endif
  return inputOp1(p, ctx);
}
