ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  float previous = THIS_VAR;
  THIS_VAR = res.x;
  float v = dmDist(inputOp2(p, ctx));
  THIS_VAR = previous;
#if defined(THIS_Mode_mul)
  float d = res.x * v;
#elif defined(THIS_Mode_replace)
  float d = v;
#else
  float d = res.x + v;
#endif
  res.x = mix(res.x, d, THIS_Mix);
  return res;
}
