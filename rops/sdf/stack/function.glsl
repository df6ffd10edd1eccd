// A box of half size h about the origin, as the node's return type: the
// slice drawn where no shape is wired in.
ReturnT THIS_box(vec3 p, vec3 h) {
  vec3 e = abs(p) - h;
  float d = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}

// The shape wired in at p (the copy i of n), or the box of half size h.
ReturnT THIS_copy(vec3 p, vec3 h, int i, int n, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(i), float(n), 0.0, 0.0);
#endif
  return inputOp1(p, ctx);
#else
  return THIS_box(p, h);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  vec4 previous = THIS_VAR;
  ReturnT res;
#if defined(THIS_Mode_slices)
  // RayTK's slices along x, touching, centred on Translate: one per entry
  // of Sizes (half sizes; entries with x <= 0 left out), widened to Total
  // width with Width mode normalized.
  float total = 0.0;
  for (int i = 0; i < THIS_Sizes_count; i++) total += max(THIS_Sizes(i).x, 0.0);
  vec3 ratio = vec3(1.0);
#if defined(THIS_WidthMode_normalized)
  ratio.x = THIS_TotalWidth / max(total, 1e-6);
  total = THIS_TotalWidth;
#endif
  float x = q.x + total;
  bool first = true;
  for (int i = 0; i < THIS_Sizes_count; i++) {
    vec3 size = THIS_Sizes(i);
    if (size.x <= 0.0) continue;
    x -= size.x * ratio.x;
    vec3 inner = size * ratio * THIS_SizeMult - THIS_SizeOffset;
    THIS_VAR = vec4(inner, float(i));
    ReturnT r = THIS_copy(vec3(x, q.y, q.z), inner, i, THIS_Sizes_count, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
    if (first || r.x < res.x) res = r;
#else
    res = first ? r : min(res, r);
#endif
    first = false;
    x -= size.x * ratio.x;
  }
  if (first) res = THIS_box(q, vec3(0.0));
#else
  int n = clamp(THIS_Count, 1, 16);
  float s = 1.0;
  float base = 0.0;
  for (int i = 0; i < 16; i++) {
    if (i >= n) break;
    vec3 local = (q - vec3(0.0, base + 0.5 * THIS_Height * s, 0.0)) / s;
    THIS_VAR = vec4(vec3(s), float(i));
    ReturnT r = THIS_copy(local, vec3(0.5 * THIS_Height), i, n, ctx);
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
#endif
  THIS_VAR = previous;
  return res;
}
