ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Spacing, 1e-4);
  vec2 w = dmPlane(p, THIS_AXIS);
  vec2 c = floor(w / s + 0.5);
  // A cell outside the patch: the nearest one along the way to the centre
  // that is inside (the centre cell always is).
  for (int i = 0; i < 64; i++) {
    if (length(c) * s <= THIS_Radius || (c.x == 0.0 && c.y == 0.0)) break;
    vec2 t = (length(c) * s - THIS_Radius) / length(c) / s * c;
    vec2 next = floor(c - t + 0.5);
    // Always move at least one cell inward.
    c = (next == c) ? c - sign(c) * vec2(abs(c.x) >= abs(c.y), abs(c.y) > abs(c.x)) : next;
  }
  vec2 local = w - c * s;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(c, mod(c.x + c.y, 2.0), 0.0);
#endif
  return inputOp1(dmUnplane(p, local, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
}
