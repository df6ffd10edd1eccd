ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS) - THIS_Shift;
  float size = max(THIS_Size, 1e-4);
  vec2 cell = floor(w / size);
  float level = 0.0;
  float h = 0.0;
  for (int i = 0; i < 6; i++) {
    // Each cell decides for itself, from its index and level.
    h = rkHash12(cell + vec2(37.0, 91.0) * float(i) + vec2(THIS_Seed, 0.5 * THIS_Seed));
    float chance = THIS_PerLevelChance && i > 0 ? THIS_Chance2 : THIS_Chance;
    if (i >= THIS_Levels || h >= chance) break;
    size *= 0.5;
    cell = floor(w / size);
    level += 1.0;
  }
  vec2 local = (w - (cell + 0.5) * size) / size - THIS_Offset;
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_cell)
  ctx.iteration = vec4(level, float(THIS_Levels), h, 0.0);
#endif
  if (!THIS_Rescale) {
    return inputOp1(dmUnplane(p, local * size, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
  }
  CoordT q = dmUnplane(p, local, dmAlong(p, THIS_AXIS) / size, THIS_AXIS);
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, size);
  return res;
}
