ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  int n = clamp(THIS_Count, 1, 16);
  float s = 1.0;
  float base = 0.0;
  ReturnT res;
  for (int i = 0; i < 16; i++) {
    if (i >= n) break;
    vec3 local = (q - vec3(0.0, base + 0.5 * THIS_Height * s, 0.0)) / s;
#if defined(THIS_CONTEXT_TYPE_Context)
    ctx.iteration = vec4(float(i), float(n), 0.0, 0.0);
#endif
    ReturnT r = inputOp1(local, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
    r.x *= s;
    if (i == 0 || r.x < res.x) res = r;
#else
    r *= s;
    res = i == 0 ? r : min(res, r);
#endif
    base += (THIS_Height + THIS_Gap) * s;
    s *= THIS_Ratio;
  }
  return res;
}
