ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Axis_x)
  vec2 w = p.zy;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
#else
  vec2 w = p.xz;
#endif
  // The hexagonal lattice is two rectangular ones of size s by s*sqrt(3),
  // the second shifted by half of each: the nearer of the two points wins.
  float s = max(THIS_Spacing, 1e-4);
  vec2 rect = vec2(s, s * 1.7320508);
  vec2 a = mod(w + 0.5 * rect, rect) - 0.5 * rect;
  vec2 b = mod(w, rect) - 0.5 * rect;
  vec2 g = dot(a, a) <= dot(b, b) ? a : b;
  vec2 centre = w - g;
  CoordT q = p;
#if defined(THIS_COORD_TYPE_vec2)
  q = g;
#elif defined(THIS_Axis_x)
  q.zy = g;
#elif defined(THIS_Axis_z)
  q.xy = g;
#else
  q.xz = g;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  float row = floor(centre.y / (0.5 * rect.y) + 0.5);
  float col = floor((centre.x - 0.5 * s * row) / s + 0.5);
  ctx.iteration = vec4(col, 0.0, row, 0.0);
#endif
#if defined(ROPKIT_SDF_ITERATION) && defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_CONTEXT_TYPE_Context)
  // The iteration buffer shows which copy was hit.
  Sdf res = inputOp1(q, ctx);
  res.iteration = ctx.iteration;
  return res;
#else
  return inputOp1(q, ctx);
#endif
}
