ReturnT thismap(CoordT p, ContextT ctx) {
  // The renderer keeps what the last light's call left, so every call adds it.
  ropkitAddTransmission(ctx, ropkitLayerMaterial, THIS_Level * THIS_Tint, THIS_Ior, THIS_Absorption);
  vec3 c = vec3(0.0);
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
