ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 v = THIS_Default;
#ifdef THIS_HAS_INPUT_1
  v.x = inputOp1(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_2
  v.y = inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  v.z = inputOp3(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_4
  v.w = inputOp4(p, ctx);
#endif
  return v;
}
