ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 b = 0.5 * THIS_Size;
  float c = clamp(THIS_Chamfer, 0.0, min(b.x, b.y));
  // By symmetry the quarter x, y >= 0: its outline runs up the side, along
  // the cut and along the top; the cut's line splits inside from outside.
  vec2 q = abs(p - THIS_Translate);
  float d = min(rkSegment(q, vec2(b.x, 0.0), vec2(b.x, b.y - c)),
                min(rkSegment(q, vec2(b.x, b.y - c), vec2(b.x - c, b.y)),
                    rkSegment(q, vec2(b.x - c, b.y), vec2(0.0, b.y))));
  bool inside = q.x <= b.x && q.y <= b.y && q.x + q.y <= b.x + b.y - c;
  d = inside ? -d : d;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
