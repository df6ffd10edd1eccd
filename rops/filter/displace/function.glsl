ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
  float f = inputOp2(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = (res.x + THIS_Amount * f) * THIS_StepScale;
#else
  res = (res + THIS_Amount * f) * THIS_StepScale;
#endif
  return res;
}
