ReturnT thismap(CoordT p, ContextT ctx) {
  Light l = inputOp1(p, ctx);
  // Read by the raymarcher right after this light is made.
  ropkitLightShadow = THIS_Sharpness;
  return l;
}
