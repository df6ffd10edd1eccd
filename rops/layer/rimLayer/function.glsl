ReturnT thismap(CoordT p, ContextT ctx) {
  // The normal's angle around the view direction (0..1), for the fields on
  // the parameters and the added layer.
  float previous = THIS_VAR;
  vec3 vn = ropkitViewNormal(ctx);
  THIS_VAR = atan(vn.y, vn.x) / TAU + 0.5;
  float ndv = clamp(dot(ctx.normal, -ctx.ray.dir), 0.0, 1.0);
#if defined(THIS_Shape_band)
  // 1 where the surface turns away from the eye past Thickness, blended
  // across Blending.
  float h = 0.5 * THIS_Blending;
  float rim = 1.0 - smoothstep(THIS_Thickness - h, THIS_Thickness + h + 1e-6, vn.z);
#else
  float rim = pow(1.0 - ndv, THIS_Power);
#endif
  vec3 glow = THIS_Color * THIS_Strength * rim;
  if (THIS_Shadows) glow *= ctx.shadow;
  vec3 c = ropkitEmit(ctx, glow);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  THIS_VAR = previous;
  return vec4(c, 1.0);
}
