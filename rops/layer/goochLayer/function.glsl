ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float t = 0.5 + 0.5 * dot(ctx.normal, l);
    c = mix(THIS_Cool, THIS_Warm, t) * ctx.light.color * THIS_Strength;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
