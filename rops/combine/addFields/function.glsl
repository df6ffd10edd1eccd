ReturnT thismap(CoordT p, ContextT ctx) {
  // Each input as a vector: vec4(x) copies a float into every component.
  vec4 sum = vec4(0.0);
#ifdef THIS_HAS_INPUT_1
  sum += vec4(inputOp1(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_2
  sum += vec4(inputOp2(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_3
  sum += vec4(inputOp3(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_4
  sum += vec4(inputOp4(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_5
  sum += vec4(inputOp5(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_6
  sum += vec4(inputOp6(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_7
  sum += vec4(inputOp7(p, ctx));
#endif
#ifdef THIS_HAS_INPUT_8
  sum += vec4(inputOp8(p, ctx));
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return sum;
#else
  return sum.x;
#endif
}
