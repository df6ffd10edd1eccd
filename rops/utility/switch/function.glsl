ReturnT thismap(CoordT p, ContextT ctx) {
#if THIS_Index == 1 && defined(THIS_HAS_INPUT_2)
  return inputOp2(p, ctx);
#elif THIS_Index == 2 && defined(THIS_HAS_INPUT_3)
  return inputOp3(p, ctx);
#elif THIS_Index == 3 && defined(THIS_HAS_INPUT_4)
  return inputOp4(p, ctx);
#elif THIS_Index == 4 && defined(THIS_HAS_INPUT_5)
  return inputOp5(p, ctx);
#elif THIS_Index == 5 && defined(THIS_HAS_INPUT_6)
  return inputOp6(p, ctx);
#elif THIS_Index == 6 && defined(THIS_HAS_INPUT_7)
  return inputOp7(p, ctx);
#elif THIS_Index == 7 && defined(THIS_HAS_INPUT_8)
  return inputOp8(p, ctx);
#elif THIS_Index == 8 && defined(THIS_HAS_INPUT_9)
  return inputOp9(p, ctx);
#elif THIS_Index == 9 && defined(THIS_HAS_INPUT_10)
  return inputOp10(p, ctx);
#elif THIS_Index == 10 && defined(THIS_HAS_INPUT_11)
  return inputOp11(p, ctx);
#elif THIS_Index == 11 && defined(THIS_HAS_INPUT_12)
  return inputOp12(p, ctx);
#elif THIS_Index == 12 && defined(THIS_HAS_INPUT_13)
  return inputOp13(p, ctx);
#elif THIS_Index == 13 && defined(THIS_HAS_INPUT_14)
  return inputOp14(p, ctx);
#elif THIS_Index == 14 && defined(THIS_HAS_INPUT_15)
  return inputOp15(p, ctx);
#elif THIS_Index == 15 && defined(THIS_HAS_INPUT_16)
  return inputOp16(p, ctx);
#elif defined(THIS_Fallback_value) && THIS_Index != 0 && defined(THIS_RETURN_TYPE_float)
  return THIS_DefaultValue.x;
#elif defined(THIS_Fallback_value) && THIS_Index != 0 && defined(THIS_RETURN_TYPE_vec4)
  return THIS_DefaultValue;
#elif defined(THIS_Fallback_value) && THIS_Index != 0 && defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(THIS_DefaultValue.x);
#else
  return inputOp1(p, ctx);
#endif
}
