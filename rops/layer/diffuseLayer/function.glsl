ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = ropkitDiffuse(p, ctx, THIS_Color);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
