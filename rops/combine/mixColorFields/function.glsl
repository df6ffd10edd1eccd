ReturnT thismap(CoordT p, ContextT ctx) {
  float weight = THIS_BaseLevel;
  vec3 total = THIS_BaseColor * weight;
#ifdef THIS_HAS_INPUT_1
  if (THIS_Enable1 && THIS_Level1 != 0.0) {
    total += vec4(inputOp1(p, ctx)).rgb * THIS_Color1 * THIS_Level1;
    weight += THIS_Level1;
  }
#endif
#ifdef THIS_HAS_INPUT_2
  if (THIS_Enable2 && THIS_Level2 != 0.0) {
    total += vec4(inputOp2(p, ctx)).rgb * THIS_Color2 * THIS_Level2;
    weight += THIS_Level2;
  }
#endif
#ifdef THIS_HAS_INPUT_3
  if (THIS_Enable3 && THIS_Level3 != 0.0) {
    total += vec4(inputOp3(p, ctx)).rgb * THIS_Color3 * THIS_Level3;
    weight += THIS_Level3;
  }
#endif
#ifdef THIS_HAS_INPUT_4
  if (THIS_Enable4 && THIS_Level4 != 0.0) {
    total += vec4(inputOp4(p, ctx)).rgb * THIS_Color4 * THIS_Level4;
    weight += THIS_Level4;
  }
#endif
#ifdef THIS_HAS_INPUT_5
  if (THIS_Enable5 && THIS_Level5 != 0.0) {
    total += vec4(inputOp5(p, ctx)).rgb * THIS_Color5 * THIS_Level5;
    weight += THIS_Level5;
  }
#endif
#ifdef THIS_HAS_INPUT_6
  if (THIS_Enable6 && THIS_Level6 != 0.0) {
    total += vec4(inputOp6(p, ctx)).rgb * THIS_Color6 * THIS_Level6;
    weight += THIS_Level6;
  }
#endif
#ifdef THIS_HAS_INPUT_7
  if (THIS_Enable7 && THIS_Level7 != 0.0) {
    total += vec4(inputOp7(p, ctx)).rgb * THIS_Color7 * THIS_Level7;
    weight += THIS_Level7;
  }
#endif
#ifdef THIS_HAS_INPUT_8
  if (THIS_Enable8 && THIS_Level8 != 0.0) {
    total += vec4(inputOp8(p, ctx)).rgb * THIS_Color8 * THIS_Level8;
    weight += THIS_Level8;
  }
#endif
#ifdef THIS_Mode_weighted
  total = weight != 0.0 ? total / weight : vec3(0.0);
#endif
  return vec4(total, 1.0);
}
