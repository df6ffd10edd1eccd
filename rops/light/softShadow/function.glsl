ReturnT thismap(CoordT p, ContextT ctx) {
  Light l = inputOp1(p, ctx);
  // Read by the raymarcher right after this light is made.
  ropkitLightShadow = THIS_Sharpness;
  ropkitLightShadowMin = THIS_OverrideMin ? max(THIS_MinDistance, 0.0) : -1.0;
  ropkitLightShadowMax = THIS_OverrideMax ? max(THIS_MaxDistance, 0.0) : -1.0;
  return l;
}
