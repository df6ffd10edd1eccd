ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  float n = float(max(THIS_Count, 1));
  float ratio = 1.0 + 2.0 / n;
  float m = max(max(abs(w.x), abs(w.y)), 1e-9);
  // Ring k spans R to R (1 + 2 / n) in the larger coordinate, R = Size ratio^(k + Zoom).
  float k = floor(log(m / max(THIS_Size, 1e-6)) / log(ratio) - THIS_Zoom);
  float inner = THIS_Size * pow(ratio, k + THIS_Zoom);
  float tile = 2.0 * inner / n;
  float outer = inner + tile;
  // The ring's tiles lie on a grid of that size that starts at -outer.
  vec2 c = floor((w + outer) / tile);
  vec2 local = (w + outer - (c + 0.5) * tile) / tile;
  CoordT q = dmUnplane(p, local, dmAlong(p, THIS_AXIS) / tile, THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, 0.0, 0.0, 0.0);
#endif
  float previous = THIS_VAR;
  THIS_VAR = tile;
  ReturnT res = inputOp1(q, ctx);
  THIS_VAR = previous;
  dmScaleDist(res, tile);
  return res;
}
