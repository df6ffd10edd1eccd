ReturnT thismap(CoordT p, ContextT ctx) {
  // The renderer keeps what the last light's call left, so every call adds it.
  ropkitAddTransmission(ctx, ropkitLayerMaterial, THIS_Level * THIS_Tint, THIS_Ior, THIS_Absorption);
  // Its own colour is none: only what the Added layer input gives.
#ifdef THIS_HAS_INPUT_1
  return vec4(inputOp1(p, ctx).rgb, 1.0);
#else
  return vec4(0.0, 0.0, 0.0, 1.0);
#endif
}
