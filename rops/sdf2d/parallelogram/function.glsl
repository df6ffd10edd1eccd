ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // Point symmetric about the centre: fold onto the upper half.
  if (p.y < 0.0) p = -p;
  float hw = 0.5 * THIS_Width;
  float hh = 0.5 * THIS_Height;
  float hs = 0.5 * THIS_Skew;
  vec2 tl = vec2(-hw + hs, hh);   // top left
  vec2 tr = vec2(hw + hs, hh);    // top right
  vec2 br = vec2(hw - hs, -hh);   // bottom right
  vec2 bl = vec2(-hw - hs, -hh);  // bottom left
  // Nearest of the top edge and the two slanted edges (the bottom edge is
  // the top one mirrored through the centre, never nearer up here).
  float dist = min(rkSegment(p, tl, tr), min(rkSegment(p, tr, br), rkSegment(p, bl, tl)));
  // Inside: below the top edge and between the slanted ones.
  vec2 e = tr - br;
  bool inside = p.y < hh
      && (e.x * (p.y - br.y) - e.y * (p.x - br.x)) > 0.0
      && (e.x * (p.y - bl.y) - e.y * (p.x - bl.x)) < 0.0;
  float d = inside ? -dist : dist;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
