ReturnT thismap(CoordT p, ContextT ctx) {
  float ndv = clamp(dot(ctx.normal, -ctx.ray.dir), 0.0, 1.0);
  vec3 c = ropkitEmit(ctx, THIS_Color * THIS_Strength * pow(1.0 - ndv, THIS_Power));
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
