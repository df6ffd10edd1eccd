ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Size, 1e-4);
  vec2 w = dmPlane(p, THIS_AXIS);
  vec2 cell = floor(w / s);
  vec2 local = w - (cell + 0.5) * s;
  float h = rkHash12(cell + vec2(THIS_Seed, 1.7 * THIS_Seed + 0.31));
#if defined(THIS_Mode_mirror)
  float n = 2.0;
  float k = floor(h * n);
  local.x = k > 0.5 ? -local.x : local.x;
#else
#if defined(THIS_Mode_rotate2)
  float n = 2.0;
#else
  float n = 4.0;
#endif
  float k = floor(h * n);
  // A quarter turn at a time, counter-clockwise; the input sees it undone.
  for (int i = 0; i < 3; i++) {
    if (float(i) < k) local = vec2(local.y, -local.x);
  }
#endif
  CoordT q = dmUnplane(p, local, dmAlong(p, THIS_AXIS), THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, n, h, 0.0);
#endif
  return inputOp1(q, ctx);
}
