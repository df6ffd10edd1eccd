ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 b = 0.5 * THIS_Size;
#if defined(THIS_ChamferMode_xy)
  vec2 c2 = clamp(THIS_ChamferXY, vec2(0.0), b);
#else
  vec2 c2 = vec2(clamp(THIS_Chamfer, 0.0, min(b.x, b.y)));
#endif
  // By symmetry the quarter x, y >= 0: its outline runs up the side, along
  // the cut and along the top; the cut's line splits inside from outside.
  vec2 q = abs(p - THIS_Translate);
  float d = min(rkSegment(q, vec2(b.x, 0.0), vec2(b.x, b.y - c2.y)),
                min(rkSegment(q, vec2(b.x, b.y - c2.y), vec2(b.x - c2.x, b.y)),
                    rkSegment(q, vec2(b.x - c2.x, b.y), vec2(0.0, b.y))));
  // Inside the cut's line: (b.x - x) / c.x + (b.y - y) / c.y >= 1, written
  // without dividing (a zero reach cuts nothing).
  bool inside = q.x <= b.x && q.y <= b.y && c2.y * (b.x - q.x) + c2.x * (b.y - q.y) >= c2.x * c2.y;
  d = inside ? -d : d;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
