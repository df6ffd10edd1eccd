ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 r = reflect(normalize(ctx.ray.dir), ctx.normal);
  float up = 1.0 - clamp(r.y, 0.0, 1.0);
  vec3 skyColor = r.y >= 0.0 ? mix(THIS_ZenithColor, THIS_HorizonColor, up * up) : THIS_GroundColor;
  float ndv = clamp(dot(ctx.normal, -ctx.ray.dir), 0.0, 1.0);
  vec3 f = ropkitFresnel(ndv, vec3(THIS_F0));
  vec3 c = ropkitEmit(ctx, skyColor * f * THIS_Strength);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
