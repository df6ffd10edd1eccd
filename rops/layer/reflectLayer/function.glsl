// The share of the reflected ray this layer adds at the hit.
float THIS_share(ContextT ctx) {
  float facing = clamp(1.0 - dot(-ctx.ray.dir, ctx.normal), 0.0, 1.0);
  return THIS_Level * mix(1.0, facing, THIS_Fresnel);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  // The renderer keeps what the last light's call left, so every call adds it.
  ropkitAddReflection(ctx, ropkitLayerMaterial, THIS_share(ctx) * THIS_Tint);
  // Its own colour is none: only what the Added layer input gives.
#ifdef THIS_HAS_INPUT_1
  return vec4(inputOp1(p, ctx).rgb, 1.0);
#else
  return vec4(0.0, 0.0, 0.0, 1.0);
#endif
}
