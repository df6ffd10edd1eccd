ReturnT thismap(CoordT p, ContextT ctx) {
  if (!THIS_UseLightColor) ctx.light.color = vec3(1.0);
  if (!THIS_Shadows) ctx.shadow = 1.0;
  vec3 albedo = THIS_Color * THIS_Albedo;
#if defined(THIS_Method_orenNayar)
  // Lambert's light from a lamp, times Oren-Nayar's factor for rough facets.
  vec3 c = albedo * ctx.ambient * ctx.ao;
  if (!ctx.light.absent) {
    if (ctx.light.ambient) {
      c += albedo * ctx.light.color * ctx.ao;
    } else {
      vec3 l = normalize(ctx.light.pos - p);
      float ndl = max(dot(ctx.normal, l), 0.0);
      float f = ndl > 0.0 ? ropkitOrenNayar(ctx.normal, -ctx.ray.dir, l, THIS_Roughness) : 0.0;
      c += albedo * ndl * f * ctx.light.color * ctx.shadow;
    }
  }
#else
  vec3 c = ropkitDiffuse(p, ctx, albedo);
#endif
  c *= THIS_Level;
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
