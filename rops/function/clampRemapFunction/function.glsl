ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  vec2 f = THIS_FromRange;
  vec2 t = THIS_ToRange;
  // An empty input range maps everything to the start of the target range.
  float span = f.y - f.x;
  float y = abs(span) < 1e-12 ? t.x : t.x + (x - f.x) * (t.y - t.x) / span;
  if (THIS_Clamp) y = clamp(y, min(t.x, t.y), max(t.x, t.y));
  return y;
}
