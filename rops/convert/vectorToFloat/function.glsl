ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 v = inputOp1(p, ctx);
#if defined(THIS_Part_lengthXyz)
  return length(v.xyz);
#elif defined(THIS_Part_lengthXyzw)
  return length(v);
#else
  return v.THIS_Part;
#endif
}
