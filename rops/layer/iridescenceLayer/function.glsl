ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Model_palette)
  // A cosine palette around the normal's direction in view space, fading
  // with how squarely the surface faces the viewer (Spread).
  vec3 vn = ropkitViewNormal(ctx);
  float around = atan(vn.y, vn.x);
  vec3 film = 0.5 + 0.5 * cos(around / THIS_Period + TAU * (THIS_Phase + vec3(0.0, 1.0, 2.0) / 3.0));
  float hi = max(THIS_Spread.x, THIS_Spread.y);
  float lo = min(THIS_Spread.x, THIS_Spread.y);
  float t = clamp((hi - abs(vn.z)) / max(hi - lo, 1e-6), 0.0, 1.0);
  film *= t * t * (3.0 - 2.0 * t);
#else
  float ci = clamp(dot(ctx.normal, -ctx.ray.dir), 0.0, 1.0);
  float n = max(THIS_FilmIndex, 1.0);
  // Snell: the cosine of the angle inside the film.
  float ct = sqrt(max(1.0 - (1.0 - ci * ci) / (n * n), 0.0));
  vec3 phase = 4.0 * PI * n * THIS_Thickness * ct / vec3(650.0, 532.0, 450.0);
  vec3 film = 0.5 + 0.5 * cos(phase);
#endif
  if (THIS_Shadows) film *= ctx.shadow;
  vec3 c = ropkitEmit(ctx, film * THIS_Strength);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
