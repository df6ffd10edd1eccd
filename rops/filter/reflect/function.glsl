ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 n = THIS_Normal;
#else
  vec2 n = THIS_Normal.xy;
#endif
  n = n / max(length(n), 1e-6);
  float t = dot(p, n) - THIS_Offset;
  CoordT q = p - 2.0 * min(t, 0.0) * n;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(t < 0.0 ? 1.0 : 0.0, 2.0, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
