// The inputs and parameters under short names for the expression; each
// node of this ROP points them at its own just before its function (an
// unconnected input gives 0).
ReturnT THIS_zero() {
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(0.0);
#else
  return ReturnT(0.0);
#endif
}
#undef in1
#undef in2
#undef in3
#undef in4
#ifdef THIS_HAS_INPUT_1
#define in1(q, c) inputOp1(q, c)
#else
#define in1(q, c) THIS_zero()
#endif
#ifdef THIS_HAS_INPUT_2
#define in2(q, c) inputOp2(q, c)
#else
#define in2(q, c) THIS_zero()
#endif
#ifdef THIS_HAS_INPUT_3
#define in3(q, c) inputOp3(q, c)
#else
#define in3(q, c) THIS_zero()
#endif
#ifdef THIS_HAS_INPUT_4
#define in4(q, c) inputOp4(q, c)
#else
#define in4(q, c) THIS_zero()
#endif
#undef param1
#undef param2
#undef vecParam1
#undef vecParam2
#define param1 THIS_Param1
#define param2 THIS_Param2
#define vecParam1 THIS_VecParam1
#define vecParam2 THIS_VecParam2

ReturnT thismap(CoordT p, ContextT ctx) {
  THIS_STATEMENT;
}
