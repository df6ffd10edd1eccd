ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef inputOp1_RETURN_TYPE_Sdf
  float d = inputOp1(p, ctx).x;
#else
  float d = inputOp1(p, ctx);
#endif
  vec4 col;
  if (d > 0.0) {
    col = mix(THIS_OutsideColor1, THIS_OutsideColor2, 0.5 * (1.0 + sin((d - THIS_OutsidePhase) / THIS_OutsidePeriod)));
  } else {
    col = mix(THIS_InsideColor1, THIS_InsideColor2, 0.5 * (1.0 + sin((d - THIS_InsidePhase) / THIS_InsidePeriod)));
  }
#ifdef THIS_Edge_on
  float w = THIS_EdgeThickness;
  float s = THIS_EdgeBlending;
  // 1 on the line, 0 beyond it; a hard edge when Blending is 0.
  float lineAmt = s > 0.0 ? 1.0 - smoothstep(0.5 * (w - s), 0.5 * (w + s), abs(d)) : step(abs(d), 0.5 * w);
  col = mix(col, THIS_EdgeColor, lineAmt);
#endif
  return col;
}
