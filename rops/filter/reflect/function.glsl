ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 n = THIS_Normal;
#else
  vec2 n = THIS_Normal.xy;
#endif
  n = n / max(length(n), 1e-6);
  CoordT ps = p - THIS_Shift * n;
  float t = dot(ps, n) - THIS_Offset;
  CoordT q = ps - 2.0 * min(t, 0.0) * n;
  float b = THIS_Blend;
  if (b > 0.0 && abs(t) < b) {
    // Within the band the distance to the plane is eased: b f(|t| / b),
    // with f(1) = 1 so the seam meets the mirror at the band's edge.
    float x = abs(t) / b;
#ifdef THIS_HAS_INPUT_2
    float e = b * inputOp2(x, ctx);
#else
    float e = b * 0.5 * (x * x + 1.0);
#endif
    q = ps + (e - t) * n;
  }
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_index)
  ctx.iteration = vec4(t < 0.0 ? 1.0 : 0.0, 2.0, 0.0, 0.0);
#elif defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_sign)
  ctx.iteration = vec4(t < 0.0 ? -1.0 : 1.0, 2.0, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
