// The sky level of a normal: 1 facing the sky, 0.5 side on, 0 facing away.
float THIS_level(CoordT p, ContextT ctx) {
  vec3 d = xfEuler(THIS_Rotate) * normalize(THIS_Direction);
  return clamp(0.5 + 0.5 * dot(normalize(ctx.normal), d), 0.0, 1.0) * THIS_Level;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_RETURN_TYPE_float
  return THIS_level(p, ctx);
#else
  vec3 c = ropkitEmit(ctx, THIS_Color * THIS_level(p, ctx));
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
#endif
}
