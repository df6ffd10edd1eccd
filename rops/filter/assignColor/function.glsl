ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
#if defined(THIS_Condition_missing)
  if (any(notEqual(res.THIS_ATTR.xyz, vec3(0.0)))) return res;
#endif
#if defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_float)
  vec3 c = vec3(inputOp2(p, ctx));
#elif defined(THIS_HAS_INPUT_2)
  vec3 c = inputOp2(p, ctx).rgb;
#else
  vec3 c = THIS_Color;
#endif
  res.THIS_ATTR = ropkitAttrValue(c);
  return res;
}
