ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float x = max(dot(ctx.normal, l), 0.0) * ctx.shadow;
    float n = max(float(THIS_Bands), 2.0);
    float k = min(floor(x * n), n - 1.0) / (n - 1.0);
    c = mix(THIS_ShadowColor, THIS_Color, k) * ctx.light.color;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
