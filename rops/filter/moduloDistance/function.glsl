ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  CoordT c = THIS_Center.xy;
#else
  CoordT c = THIS_Center;
#endif
  CoordT d = p - c;
  float r = length(d);
  float s = max(THIS_Spacing, 1e-4);
  float k = floor(r / s);
  if (THIS_Count > 0) {
    k = min(k, float(THIS_Count - 1));
  }
  CoordT q = c + (r > 1e-9 ? d * ((r - k * s) / r) : d);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, float(THIS_Count), 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
