ReturnT thismap(CoordT p, ContextT ctx) {
  float level = clamp(ctx.ao, 0.0, 1.0);
  if (THIS_Invert) {
    level = 1.0 - level;
  }
#ifdef THIS_RETURN_TYPE_float
  return level;
#else
  // Once per hit: the call that carries the ambient level, the first light's.
  vec3 c = ctx.ambient > 0.0 ? THIS_Color * level : vec3(0.0);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
#endif
}
