ReturnT thismap(CoordT p, ContextT ctx) {
  float ci = clamp(dot(ctx.normal, -ctx.ray.dir), 0.0, 1.0);
  float n = max(THIS_FilmIndex, 1.0);
  // Snell: the cosine of the angle inside the film.
  float ct = sqrt(max(1.0 - (1.0 - ci * ci) / (n * n), 0.0));
  vec3 phase = 4.0 * PI * n * THIS_Thickness * ct / vec3(650.0, 532.0, 450.0);
  vec3 c = ropkitEmit(ctx, (0.5 + 0.5 * cos(phase)) * THIS_Strength);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
