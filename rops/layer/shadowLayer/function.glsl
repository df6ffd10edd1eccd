ReturnT thismap(CoordT p, ContextT ctx) {
  float level = clamp(ctx.shadow, 0.0, 1.0);
  if (THIS_Invert) {
    level = 1.0 - level;
  }
  if (ctx.light.absent) {
    level = 0.0;
  }
#ifdef THIS_RETURN_TYPE_float
  return level;
#else
  vec3 c = THIS_Color * level;
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
#endif
}
