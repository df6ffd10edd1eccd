ReturnT thismap(CoordT p, ContextT ctx) {
  float up = clamp(ctx.normal.y * 0.5 + 0.5, 0.0, 1.0);
  vec3 previous = THIS_VAR;
  THIS_VAR = ctx.normal;
  vec3 c = mix(THIS_GroundColor, THIS_SkyColor, up) * THIS_Intensity;
  THIS_VAR = previous;
  // With a shadow: a light straight along the normal (its Lambert term is
  // 1), which the renderer shadows like any other.
  return Light(p + ctx.normal, c, false, !THIS_EnableShadow);
}
