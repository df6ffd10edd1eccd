ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  CoordT a = THIS_Point1.xy;
  CoordT b = THIS_Point2.xy;
#else
  CoordT a = THIS_Point1;
  CoordT b = THIS_Point2;
#endif
  float len = length(b - a);
  CoordT u = len > 1e-6 ? (b - a) / len : CoordT(0.0);
  u.x = len > 1e-6 ? u.x : 1.0;
  float n = float(max(THIS_Divisions, 1));
  float cell = max(len, 1e-6) / n;
  CoordT d = p - a;
  float t = dot(d, u);
  float k = clamp(floor(t / cell), 0.0, n - 1.0);
  float local = t - (k + 0.5) * cell;
  if (THIS_Mirror && mod(k, 2.0) > 0.5) {
    local = -local;
  }
  CoordT q = d - u * t + u * local;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, n, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
