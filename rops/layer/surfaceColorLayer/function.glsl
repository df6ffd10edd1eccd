ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 surface = ctx.result.THIS_ATTR.xyz;
  // Black is what a surface that was never coloured reads.
  vec3 col = any(notEqual(surface, vec3(0.0))) ? surface : THIS_DefaultColor;
  vec3 c = ropkitEmit(ctx, col);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
