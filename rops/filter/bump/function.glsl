ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  float d = res.x;
#else
  float d = res;
#endif
  float band = max(THIS_Band, 1e-4);
  if (abs(d) < band) {
    float fade = 1.0 - smoothstep(0.0, band, abs(d));
    d = (d + THIS_Amount_at(p, ctx) * inputOp2(p, ctx) * fade) * THIS_StepScale;
  }
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = d;
#else
  res = d;
#endif
  return res;
}
