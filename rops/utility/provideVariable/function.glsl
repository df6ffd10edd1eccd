// Sets the variable (a global every provider of this name shares) while
// the input runs, then puts back what an outer provider had set.
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_2) && defined(inputOp2_RETURN_TYPE_float)
  vec4 v = vec4(inputOp2(p, ctx));
#elif defined(THIS_HAS_INPUT_2)
  vec4 v = inputOp2(p, ctx);
#else
  vec4 v = THIS_Value;
#endif
  THIS_Type previous = THIS_VAR;
#if defined(THIS_Type_float)
  THIS_VAR = v.x;
#elif defined(THIS_Type_vec2)
  THIS_VAR = v.xy;
#elif defined(THIS_Type_vec3)
  THIS_VAR = v.xyz;
#else
  THIS_VAR = v;
#endif
  ReturnT res = inputOp1(p, ctx);
  THIS_VAR = previous;
  return res;
}
