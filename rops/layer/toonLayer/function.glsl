ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float x = max(dot(ctx.normal, l), 0.0);
    if (THIS_Shadows) x *= ctx.shadow;
#ifdef THIS_HAS_INPUT_2
    // A colour ramp of the light's level in place of the bands.
    c = inputOp2(x, ctx).rgb;
#else
    float n = max(float(THIS_Bands), 2.0);
    float k = min(floor(x * n), n - 1.0) / (n - 1.0);
    c = mix(THIS_ShadowColor, THIS_Color, k);
#endif
    if (THIS_UseLightColor) c *= ctx.light.color;
    c *= THIS_Level;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
