// The rescale of four values at once (a float or a distance uses .x).
vec4 THIS_rescale(vec4 v) {
#if defined(THIS_Mode_multiplyAdd)
  return v * THIS_Multiply + THIS_Add;
#else
  vec4 lo = THIS_InputLow;
  vec4 span = THIS_InputHigh - lo;
  // A zero-width input range maps everything to Output low.
  vec4 t = (v - lo) / mix(span, vec4(1.0), vec4(lessThan(abs(span), vec4(1e-12))));
  t *= vec4(greaterThanEqual(abs(span), vec4(1e-12)));
  vec4 r = THIS_OutputLow + t * (THIS_OutputHigh - THIS_OutputLow);
#ifdef THIS_Clamp_on
  r = clamp(r, min(THIS_OutputLow, THIS_OutputHigh), max(THIS_OutputLow, THIS_OutputHigh));
#endif
#if defined(THIS_Mode_rangeMultiplyAdd)
  r = r * THIS_Multiply + THIS_Add;
#endif
  return r;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_vec4)
  return THIS_rescale(res);
#elif defined(THIS_RETURN_TYPE_Sdf)
  res.x = THIS_rescale(vec4(res.x)).x;
  return res;
#else
  return THIS_rescale(vec4(res)).x;
#endif
}
