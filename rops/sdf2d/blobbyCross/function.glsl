ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // Eight mirror images: work in the wedge 0 <= y <= x.
  p = abs(p);
  if (p.y > p.x) p = p.yx;
  float w = 0.5 * THIS_Width;
  float h = max(0.5 * THIS_Length - w, 0.0);  // centre of the round end
  float k = clamp(THIS_Fillet, 0.0, max(h - w, 0.0));
  vec2 fc = vec2(w + k);                      // centre of the fillet
  // Boundary pieces in the wedge: the bar's side, its round end, the fillet.
  float dist = rkSegment(p, vec2(w + k, w), vec2(h, w));
  if (p.x >= h) dist = min(dist, abs(length(p - vec2(h, 0.0)) - w));
  vec2 q = p - fc;
  if (q.x <= 0.0 && q.y <= 0.0) dist = min(dist, abs(length(q) - k));
  bool inside = (p.x <= h && p.y < w) || length(p - vec2(h, 0.0)) < w
      || (p.y >= w && q.x < 0.0 && q.y < 0.0 && length(q) > k);
  float d = inside ? -dist : dist;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
