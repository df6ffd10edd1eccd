ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float w = clamp(THIS_Wrap, 0.0, 1.0);
    float s = max((dot(ctx.normal, l) + w) / (1.0 + w), 0.0);
    c = THIS_Color * THIS_Strength * s * ctx.light.color;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
