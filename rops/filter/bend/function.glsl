ReturnT thismap(CoordT p, ContextT ctx) {
  float a = radians(THIS_Rate) * p.x;
  float c = cos(a);
  float s = sin(a);
  CoordT q = p;
  q.xy = vec2(c * p.x + s * p.y, -s * p.x + c * p.y);
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#else
  res *= THIS_StepScale;
#endif
  return res;
}
