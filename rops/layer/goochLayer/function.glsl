ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
    float t = 0.5 + 0.5 * dot(ctx.normal, l);
    // The base colour tints both ends, by its share at each.
    vec3 cool = THIS_Cool + THIS_CoolDiffuse * THIS_BaseColor;
    vec3 warm = THIS_Warm + THIS_WarmDiffuse * THIS_BaseColor;
    c = mix(cool, warm, t);
    if (THIS_Specular > 0.0) {
      // A Phong highlight: the light mirrored about the normal, towards the eye.
      float rv = max(dot(reflect(-l, ctx.normal), -ctx.ray.dir), 0.0);
      c += THIS_Specular * pow(rv, THIS_Shininess);
    }
    if (THIS_UseLightColor) c *= ctx.light.color;
    if (THIS_Shadows) c *= ctx.shadow;
    c *= THIS_Strength;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
