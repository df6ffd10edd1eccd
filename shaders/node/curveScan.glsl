// Per-node template (include with `#include "node/curveScan.glsl"`, after
// node/curvePoints.glsl and the ROP's own
//   void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d)
// which gives piece i's control points: a segment a-d (b = a, c = d), a
// quadratic a-b-d (c = b) or a cubic a-b-c-d). With THIS_MEASURED defined
// (and a global float THIS_bestAlong), the scan also measures the length
// along the curve up to the nearest point.

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
