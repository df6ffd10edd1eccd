ReturnT thismap(CoordT p, ContextT ctx) {
  float up = clamp(ctx.normal.y * 0.5 + 0.5, 0.0, 1.0);
  vec3 c = mix(THIS_GroundColor, THIS_SkyColor, up) * THIS_Intensity;
  return Light(p + ctx.normal, c, false, true);
}
