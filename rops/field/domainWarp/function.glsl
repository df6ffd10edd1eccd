ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_2)
#if defined(THIS_COORD_TYPE_vec3)
  vec3 v = inputOp2(p, ctx).xyz;
#else
  vec2 v = inputOp2(p, ctx).xy;
#endif
#elif defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate;
  vec3 v = vec3(simplexNoise(q), simplexNoise(q + vec3(19.1, -7.7, 3.3)), simplexNoise(q + vec3(-5.9, 11.4, 29.2)));
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy;
  vec2 v = vec2(simplexNoise(q), simplexNoise(q + vec2(19.1, -7.7)));
#endif
#if defined(THIS_Mode_replace)
  ReturnT res = inputOp1(mix(p, v, THIS_Amount), ctx);
#elif defined(THIS_Mode_multiply)
  ReturnT res = inputOp1(mix(p, p * v, THIS_Amount), ctx);
#else
  ReturnT res = inputOp1(p + THIS_Amount * v, ctx);
#endif
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#endif
  return res;
}
