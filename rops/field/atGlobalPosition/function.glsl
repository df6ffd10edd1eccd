ReturnT thismap(CoordT p, ContextT ctx) {
  // ctx.globalPos is the point the raymarcher asked for, before any filter
  // moved, folded or repeated the coordinate.
  vec3 g = ctx.globalPos;
  vec3 on = step(vec3(1e-5), THIS_Snap);
  vec3 safe = max(THIS_Snap, vec3(1e-5));
  g = mix(g, floor(g / safe + 0.5) * safe, on);
  return inputOp1(g, ctx);
}
