ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    vec3 h = normalize(l - ctx.ray.dir);
    float ndl = dot(ctx.normal, l);
    float s = ndl > 0.0 ? pow(max(dot(ctx.normal, h), 0.0), THIS_Shininess) : 0.0;
    c = THIS_Color * THIS_Strength * s * ctx.light.color * ctx.shadow;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
