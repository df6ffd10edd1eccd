// The attribute's field (THIS_ATTR) of the shape's result at p, or of the
// hit being shaded; the parts a narrower type lacks follow variableReference.
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  vec4 a = inputOp1(p, ctx).THIS_ATTR;
#elif defined(THIS_CONTEXT_TYPE_MaterialContext)
  vec4 a = ctx.result.THIS_ATTR;
#else
  vec4 a = THIS_Default;
#endif
#if defined(THIS_Type_float)
  vec4 v = vec4(a.x);
#else
  vec4 v = a;
#endif
#if defined(THIS_RETURN_TYPE_float)
  return v.x;
#else
  return v;
#endif
}
