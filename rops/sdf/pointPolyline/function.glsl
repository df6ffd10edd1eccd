// A polyline through a point list: one segment from each point to the
// next, and with Closed one more back to the first.
#define THIS_KIND RKC_SEGMENT
#ifdef THIS_Closed_on
#define THIS_PIECES THIS_Points_count
#else
#define THIS_PIECES (THIS_Points_count - 1)
#endif

// Where piece i starts (piece THIS_PIECES: where the last one ends).
#ifndef THIS_START
#define THIS_START(i) THIS_point(i)
#endif

// Point i of the list (wrapping past the end), flat in 2D.
vec3 THIS_point(int i) {
  vec3 q = THIS_Points(i % THIS_Points_count);
#ifdef THIS_COORD_TYPE_vec2
  q.z = 0.0;
#endif
  return q;
}

void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = THIS_point(i);
  d = THIS_point(i + 1);
  b = a;
  c = d;
}

// The box of a piece: its control points' (the curve lies in their convex
// hull), widened by the cubic slack so that the quadratic pieces standing
// in for a cubic lie in it too.
void THIS_box(vec3 a, vec3 b, vec3 c, vec3 d, out vec3 lo, out vec3 hi) {
  float m = THIS_KIND == RKC_CUBIC ? rkcCubicSlack(a, b, c, d) : 0.0;
  lo = min(min(a, b), min(c, d)) - m;
  hi = max(max(a, b), max(c, d)) + m;
}

// vec4(distance, piece index, t in the piece, crossings). A first, cheap
// pass takes the nearest of the points where pieces start and end: they lie
// on the curve, so the curve is at least that near, and every curved piece
// whose box lies farther is then skipped unsolved. With THIS_FILLED, the
// crossings of the ray from p towards +x are counted too, skipping the
// pieces whose box it misses.
vec4 THIS_scan(vec3 p) {
  vec4 best = vec4(1e30, 0.0, 0.0, 0.0);
  int pieces = rkcRolled(THIS_PIECES);
  if (THIS_KIND != RKC_SEGMENT) {
    for (int i = 0; i < pieces; i++) {
      float e = length(p - THIS_START(i));
      if (e < best.x) best.xyz = vec3(e, float(i), 0.0);
    }
    float e = length(p - THIS_START(pieces));
    if (e < best.x) best.xyz = vec3(e, float(pieces - 1), 1.0);
  }
  int crossings = 0;
#ifdef THIS_MEASURED
  // The length before the current piece, and before the best point.
  float before = 0.0;
  bool seeded = true;
#endif
  for (int i = 0; i < pieces; i++) {
    vec3 a, b, c, d, lo, hi;
    THIS_piece(i, a, b, c, d);
    THIS_box(a, b, c, d, lo, hi);
#ifdef THIS_MEASURED
    // (Counted here, before the box test below may skip the piece.)
    float len = rkcPieceLength(THIS_KIND, a, b, c, d, 1.0);
    float start = before;
    before += len;
    if (seeded && int(best.y) == i) THIS_bestAlong = start + best.z * len;
#endif
#ifdef THIS_FILLED
    if (p.y >= lo.y && p.y < hi.y && p.x < hi.x) {
      crossings += rkcPieceCrossings(p.xy, THIS_KIND, a.xy, b.xy, c.xy, d.xy);
    }
#endif
    if (THIS_KIND != RKC_SEGMENT && rkcBoxDistance(p, lo, hi) >= best.x) continue;
    vec2 r = rkcPiece(p, THIS_KIND, a, b, c, d, best.x);
    if (r.x < best.x) {
      best.xyz = vec3(r.x, float(i), r.y);
#ifdef THIS_MEASURED
      seeded = false;
      THIS_bestAlong = start + rkcPieceLength(THIS_KIND, a, b, c, d, r.y);
#endif
    }
  }
  best.w = float(crossings);
  return best;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_COORD_TYPE_vec2
  vec3 q = vec3(p, 0.0);
#else
  vec3 q = p;
#endif
  vec4 scan = THIS_scan(q);
  float d = scan.x;
#if defined(THIS_COORD_TYPE_vec2) && defined(THIS_FILLED)
  // Even-odd: inside where the ray crosses the outline an odd number of times.
  if (mod(scan.w, 2.0) > 0.5) d = -d;
#endif
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
