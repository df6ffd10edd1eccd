ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  int n = clamp(int(floor(THIS_Count + 0.5)), 1, 32);
  float w = THIS_Width;
  float h = THIS_Height;
  float fn = float(n);
  // The outline: the floor, the right side, then down the steps to the left
  // side; each step adds a tread and a riser.
  float d = min(rkSegment(q, vec2(0.0), vec2(fn * w, 0.0)), rkSegment(q, vec2(fn * w, 0.0), vec2(fn * w, fn * h)));
  d = min(d, rkSegment(q, vec2(0.0, 0.0), vec2(0.0, h)));
  for (int i = 0; i < 32; i++) {
    if (i >= n) break;
    float fi = float(i);
    d = min(d, rkSegment(q, vec2(fi * w, (fi + 1.0) * h), vec2((fi + 1.0) * w, (fi + 1.0) * h)));
    if (i + 1 < n) d = min(d, rkSegment(q, vec2((fi + 1.0) * w, (fi + 1.0) * h), vec2((fi + 1.0) * w, (fi + 2.0) * h)));
  }
  float col = floor(q.x / w);
  bool inside = q.x >= 0.0 && q.x <= fn * w && q.y >= 0.0 && q.y <= (min(col, fn - 1.0) + 1.0) * h;
  d = inside ? -d : d;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
