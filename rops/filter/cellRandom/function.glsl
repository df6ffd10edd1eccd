// The input in cell c (integer coordinates on the repeated axes), with the
// cell's random offset, turn and size undone.
ReturnT THIS_cell(CoordT p, CoordT c, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = THIS_Spacing;
  vec3 cell = c;
#else
  vec2 s = THIS_Spacing.xy;
  vec3 cell = vec3(c, 0.0);
#endif
  CoordT on = step(CoordT(1e-5), s);
  vec3 h1 = rkHash33(cell + THIS_Seed * 1.618);
  vec3 h2 = rkHash33(cell + THIS_Seed * 1.618 + 19.19);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 offset = (h1 * 2.0 - 1.0) * THIS_Jitter * 0.5 * s;
#else
  vec2 offset = (h1.xy * 2.0 - 1.0) * THIS_Jitter.xy * 0.5 * s;
#endif
  CoordT q = p - (c * s + offset) * on;
  float turn = (h2.x * 2.0 - 1.0) * radians(THIS_Turn);
#if defined(THIS_COORD_TYPE_vec2)
  q = xfRotate(q, -turn);
#elif defined(THIS_Axis_x)
  q.zy = xfRotate(q.zy, -turn);
#elif defined(THIS_Axis_z)
  q.xy = xfRotate(q.xy, -turn);
#else
  q.xz = xfRotate(q.xz, -turn);
#endif
  float size = 1.0 - clamp(THIS_Shrink, 0.0, 0.99) * h2.y;
#if defined(THIS_CONTEXT_TYPE_Context)
  float v = float(max(THIS_Variants, 1));
  ctx.iteration = vec4(min(floor(h2.z * v), v - 1.0), v, fract(h1.z * 7.31 + h2.z * 3.17), 0.0);
#endif
  ReturnT r = inputOp1(q / size, ctx);
  xfSetDist(r, xfDist(r) * size);
  return r;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = THIS_Spacing;
#else
  vec2 s = THIS_Spacing.xy;
#endif
  CoordT on = step(CoordT(1e-5), s);
  CoordT safe = max(s, CoordT(1e-5));
  CoordT c = floor(p / safe + 0.5) * on;
  ReturnT res = THIS_cell(p, c, ctx);
#if defined(THIS_Neighbours_on)
  // The neighbour on the near side along each repeated axis, and their
  // combinations: 1, 3 or 7 more cells.
  CoordT side = (step(CoordT(0.0), p - c * safe) * 2.0 - 1.0) * on;
#if defined(THIS_COORD_TYPE_vec3)
  for (int k = 1; k < 8; k++) {
    vec3 pick = vec3(float(k & 1), float((k >> 1) & 1), float((k >> 2) & 1));
#else
  for (int k = 1; k < 4; k++) {
    vec2 pick = vec2(float(k & 1), float((k >> 1) & 1));
#endif
    // Skip the combinations that step along an axis that is not repeated.
    if (any(greaterThan(pick * (1.0 - on), CoordT(0.5)))) continue;
    xfUnion(res, THIS_cell(p, c + pick * side, ctx), 0.0);
  }
#endif
  return res;
}
