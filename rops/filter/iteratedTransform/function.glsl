// Mirrors (each an isometry of its half-space) that fold space into one cell.
void THIS_fold(inout vec3 q) {
#if defined(THIS_Fold_abs)
  q = abs(q);
#elif defined(THIS_Fold_octahedral)
  q = abs(q);
  if (q.x < q.y) q.xy = q.yx;
  if (q.x < q.z) q.xz = q.zx;
  if (q.y < q.z) q.yz = q.zy;
#elif defined(THIS_Fold_tetrahedral)
  if (q.x + q.y < 0.0) q.xy = -q.yx;
  if (q.x + q.z < 0.0) q.xz = -q.zx;
  if (q.y + q.z < 0.0) q.yz = -q.zy;
#endif
}

void THIS_fold(inout vec2 q) {
#if defined(THIS_Fold_abs)
  q = abs(q);
#elif defined(THIS_Fold_octahedral)
  q = abs(q);
  if (q.x < q.y) q = q.yx;
#elif defined(THIS_Fold_tetrahedral)
  if (q.x + q.y < 0.0) q = -q.yx;
#endif
}

ReturnT THIS_level(CoordT q, float scale, int level, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(level), float(THIS_Iterations), 0.0, 0.0);
#endif
  ReturnT r = inputOp1(q, ctx);
  xfSetDist(r, xfDist(r) / scale);
  return r;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  mat3 turn = xfEuler(THIS_Rotate);
  vec3 centre = THIS_Offset;
#else
  float turn = radians(THIS_Rotatez);
  vec2 centre = THIS_Offset.xy;
#endif
  CoordT q = p;
  // Total scale so far: distances in the folded space divide by it.
  float total = 1.0;
#if defined(THIS_Accumulate_on)
  ReturnT res = THIS_level(q, total, 0, ctx);
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
    THIS_fold(q);
#if defined(THIS_COORD_TYPE_vec3)
    q = turn * q;
#else
    q = xfRotate(q, turn);
#endif
    q = q * THIS_Scale - centre * (THIS_Scale - 1.0);
    total *= abs(THIS_Scale);
#if defined(THIS_Accumulate_on)
    xfUnion(res, THIS_level(q, total, i + 1, ctx), 0.0);
#endif
  }
#if !defined(THIS_Accumulate_on)
  ReturnT res = THIS_level(q, total, THIS_Iterations, ctx);
#endif
  return res;
}
