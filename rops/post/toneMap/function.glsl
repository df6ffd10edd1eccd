ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec3 x = max(c.rgb * THIS_Exposure, vec3(0.0));
#if defined(THIS_Operator_reinhard)
  vec3 rgb = ropkitToneReinhard(x);
#elif defined(THIS_Operator_hable)
  vec3 rgb = clamp(colHable(x, THIS_White), 0.0, 1.0);
#elif defined(THIS_Operator_clamp)
  vec3 rgb = clamp(x, 0.0, 1.0);
#elif defined(THIS_Operator_agx)
  vec3 rgb = ropkitToneAgx(x);
#elif defined(THIS_Operator_none)
  vec3 rgb = x;
#else
  vec3 rgb = ropkitToneAces(x);
#endif
  return vec4(rgb, c.a);
}
