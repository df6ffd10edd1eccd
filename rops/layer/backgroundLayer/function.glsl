ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
#ifdef THIS_HAS_INPUT_2
  // The background along the normal, read as a direction.
  c = ropkitEmit(ctx, inputOp2(normalize(ctx.normal), ropkitContextAt(p)).rgb * THIS_Level);
#endif
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
