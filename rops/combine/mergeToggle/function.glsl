ReturnT thismap(CoordT p, ContextT ctx) {
  // Far from everything until a shown input is nearer.
  Sdf res = createSdf(1e10);
#ifdef THIS_HAS_INPUT_1
  if (THIS_Enable1) {
    Sdf s1 = inputOp1(p, ctx);
    if (s1.x < res.x) res = s1;
  }
#endif
#ifdef THIS_HAS_INPUT_2
  if (THIS_Enable2) {
    Sdf s2 = inputOp2(p, ctx);
    if (s2.x < res.x) res = s2;
  }
#endif
#ifdef THIS_HAS_INPUT_3
  if (THIS_Enable3) {
    Sdf s3 = inputOp3(p, ctx);
    if (s3.x < res.x) res = s3;
  }
#endif
#ifdef THIS_HAS_INPUT_4
  if (THIS_Enable4) {
    Sdf s4 = inputOp4(p, ctx);
    if (s4.x < res.x) res = s4;
  }
#endif
#ifdef THIS_HAS_INPUT_5
  if (THIS_Enable5) {
    Sdf s5 = inputOp5(p, ctx);
    if (s5.x < res.x) res = s5;
  }
#endif
#ifdef THIS_HAS_INPUT_6
  if (THIS_Enable6) {
    Sdf s6 = inputOp6(p, ctx);
    if (s6.x < res.x) res = s6;
  }
#endif
#ifdef THIS_HAS_INPUT_7
  if (THIS_Enable7) {
    Sdf s7 = inputOp7(p, ctx);
    if (s7.x < res.x) res = s7;
  }
#endif
#ifdef THIS_HAS_INPUT_8
  if (THIS_Enable8) {
    Sdf s8 = inputOp8(p, ctx);
    if (s8.x < res.x) res = s8;
  }
#endif
  return res;
}
