// Evaluates the input, then stores the value in the Sdf field that this
// attribute's name was given (THIS_ATTR), with the parts its type lacks at 0.
ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
#if defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_float)
  vec4 v = vec4(inputOp2(p, ctx));
#elif defined(THIS_HAS_INPUT_2)
  vec4 v = inputOp2(p, ctx);
#else
  vec4 v = THIS_Value;
#endif
#if defined(THIS_Type_float)
  res.THIS_ATTR = ropkitAttrValue(v.x);
#elif defined(THIS_Type_vec2)
  res.THIS_ATTR = ropkitAttrValue(v.xy);
#elif defined(THIS_Type_vec3)
  res.THIS_ATTR = ropkitAttrValue(v.xyz);
#else
  res.THIS_ATTR = v;
#endif
  return res;
}
