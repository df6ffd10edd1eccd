ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  if (ropkitStage != ROPKIT_STAGE_NORMAL) return res;
  // The renderer takes the normal as the direction in which the distance
  // grows: a term whose gradient is the change, added here, tilts it.
#ifdef THIS_HAS_INPUT_2
  res.x += THIS_Amount * inputOp2(p, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  vec3 v = inputOp3(p, ctx).xyz;
#if defined(THIS_Mode_replace)
  res.x = mix(res.x, dot(v, p), clamp(THIS_Amount, 0.0, 1.0));
#else
  res.x += THIS_Amount * dot(v, p);
#endif
#endif
  return res;
}
