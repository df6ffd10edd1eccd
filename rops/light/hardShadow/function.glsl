ReturnT thismap(CoordT p, ContextT ctx) {
  Light l = inputOp1(p, ctx);
  // Read by the raymarcher right after this light is made: a sharpness so
  // high the penumbra is under a pixel, or 0 for no shadow.
  ropkitLightShadow = THIS_Cast ? 1.0e4 : 0.0;
  ropkitLightShadowLevel = clamp(THIS_Level, 0.0, 1.0);
  return l;
}
