// Per-node template (include with `#include "node/curveScan.glsl"`, after
// node/curvePoints.glsl and the ROP's own
//   void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d)
// which gives piece i's control points: a segment a-d (b = a, c = d), a
// quadratic a-b-d (c = b) or a cubic a-b-c-d). With THIS_MEASURED defined
// (and a global float THIS_bestAlong), the scan also measures the length
// along the curve up to the nearest point. THIS_STEP (default 1) is how
// many points one piece advances.
//
// Where the Points parameter is declared with `tree: true` (which defines
// THIS_Points_tree) and without THIS_MEASURED, the search goes through the
// point list's curve tree (runs of points whose boxes hold every piece
// that starts in them, src/data/points.rs curve_tree), so a step visits
// the pieces near the point instead of all of them, and finds what the
// scan below finds. The measured scan needs the length of every piece before
// the nearest, so it visits every piece; so does an Acceleration menu set
// to scan (THIS_Acceleration_scan), for comparison, or to auto below 64
// points, where the scan costs about as much a step and compiles faster.
#ifndef THIS_STEP
#define THIS_STEP 1
#endif

#ifdef THIS_WINDOW4
void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  THIS_pieceOf(THIS_neighbour(i - 1), THIS_neighbour(i), THIS_neighbour(i + 1), THIS_neighbour(i + 2), a, b, c, d);
}
#endif

// A run of consecutive pieces, in order: THIS_runStart before piece i0,
// then THIS_runPiece for each piece, which carries the points the next
// piece shares in w0..w2. A spline (THIS_WINDOW4) and a polyline
// (THIS_POLYLINE) read one new point a piece so (reading a point costs
// about as much as a few square roots on a software GPU, and a spline's
// piece reads four); any other ROP's pieces come from its THIS_piece.
#if defined(THIS_WINDOW4)
void THIS_runStart(int i0, out vec3 w0, out vec3 w1, out vec3 w2) {
  w0 = THIS_neighbour(i0 - 1);
  w1 = THIS_neighbour(i0);
  w2 = THIS_neighbour(i0 + 1);
}
void THIS_runPiece(int i, inout vec3 w0, inout vec3 w1, inout vec3 w2, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  vec3 w3 = THIS_neighbour(i + 2);
  THIS_pieceOf(w0, w1, w2, w3, a, b, c, d);
  w0 = w1;
  w1 = w2;
  w2 = w3;
}
#elif defined(THIS_POLYLINE)
void THIS_runStart(int i0, out vec3 w0, out vec3 w1, out vec3 w2) {
  w0 = THIS_point(i0);
  w1 = w0;
  w2 = w0;
}
void THIS_runPiece(int i, inout vec3 w0, inout vec3 w1, inout vec3 w2, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = w0;
  d = THIS_point(i + 1);
  b = a;
  c = d;
  w0 = d;
}
#else
void THIS_runStart(int i0, out vec3 w0, out vec3 w1, out vec3 w2) {
  w0 = vec3(0.0);
  w1 = w0;
  w2 = w0;
}
void THIS_runPiece(int i, inout vec3 w0, inout vec3 w1, inout vec3 w2, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  THIS_piece(i, a, b, c, d);
}
#endif

#ifdef THIS_MEASURED
// The measured scan's results beside THIS_bestAlong: the nearest piece's
// control points, when a piece was solved (THIS_nearKnown; a start point
// that the first pass found, and no piece bettered, leaves it false), so
// that the ROP need not read the piece again.
vec3 THIS_nearA, THIS_nearB, THIS_nearC, THIS_nearD;
bool THIS_nearKnown;
#if THIS_PIECES <= RKC_ALONG_TABLE
// The length of the curve before each piece (and the whole, last), made
// once per pixel by THIS_measureAll: the scan then measures only the
// nearest piece instead of every piece it passes.
#define THIS_ALONG_TABLE
float THIS_alongAt[THIS_PIECES + 1];
#endif

// The curve's whole length (and, with a table, the length before each
// piece): for the ROP's init, once per pixel.
float THIS_measureAll() {
  float total = 0.0;
  vec3 w0, w1, w2;
  THIS_runStart(0, w0, w1, w2);
  int pieces = rkcRolled(THIS_PIECES);
  for (int i = 0; i < pieces; i++) {
    vec3 a, b, c, d;
    THIS_runPiece(i, w0, w1, w2, a, b, c, d);
#ifdef THIS_ALONG_TABLE
    THIS_alongAt[i] = total;
#endif
    total += rkcPieceLength(THIS_KIND, a, b, c, d, 1.0);
  }
#ifdef THIS_ALONG_TABLE
  THIS_alongAt[pieces] = total;
#endif
  return total;
}
#endif

// The box of a piece: its control points' (the curve lies in their convex
// hull), widened by the cubic slack so that the quadratic pieces standing
// in for a cubic lie in it too.
void THIS_box(vec3 a, vec3 b, vec3 c, vec3 d, out vec3 lo, out vec3 hi) {
  float m = THIS_KIND == RKC_CUBIC ? rkcCubicSlack(a, b, c, d) : 0.0;
  lo = min(min(a, b), min(c, d)) - m;
  hi = max(max(a, b), max(c, d)) + m;
}

#if defined(THIS_Points_tree) && !defined(THIS_MEASURED) && !defined(THIS_Acceleration_scan) && !(defined(THIS_Acceleration_auto) && THIS_Points_count < 64)
// vec4(distance, piece index, t in the piece, crossings), through the
// tree: a node is skipped when its box is no nearer than the best distance
// so far and (filled) the ray from p towards +x misses it; a leaf's pieces
// are measured as the scan measures them.
//
// The far field: a node (or a curved piece) whose box is at least
// rkcExactWithin() away and far away for its size (rkcFar) is not opened:
// its box's distance stands in for its pieces' (piece index -1 when that
// is the result). So the value is exact wherever the curve is nearer than
// that reach (surfaces, normals, and whatever a node downstream grows the
// shape by, up to Exact within), and elsewhere a bound within a fifth of
// the distance, at the cost of a few boxes instead of every piece in reach.
// Where the curve's own reach THIS_REACH (its Thickness or Offset) is
// defined it is added to Exact within.
// A ROP without an Exact parameter is exact everywhere.
#ifndef THIS_REACH
#define THIS_REACH 0.0
#endif
#ifdef THIS_Exact
#define THIS_EXACT_WITHIN THIS_Exact
#else
#define THIS_EXACT_WITHIN 1e30
#endif
vec4 THIS_scan(vec3 p) {
  vec4 best = vec4(1e30, 0.0, 0.0, 0.0);
  float exact = rkcExactWithin(THIS_REACH, THIS_EXACT_WITHIN);
  int pieces = rkcRolled(THIS_PIECES);
  int crossings = 0;
  int stack[RKC_TREE_STACK];
  int top = 0;
  int node = THIS_Points_tree;
  while (node >= 0) {
    vec4 lo = rk_data(THIS_Points_first + node);
    vec4 hi = rk_data(THIS_Points_first + node + 1);
#ifdef THIS_COORD_TYPE_vec2
    lo.z = 0.0;
    hi.z = 0.0;
#endif
    float bd = rkcBoxDistance(p, lo.xyz, hi.xyz);
    bool visit = bd < best.x;
    bool crossed = false;
#ifdef THIS_FILLED
    crossed = p.y >= lo.y && p.y < hi.y && p.x < hi.x;
    visit = visit || crossed;
#endif
    if (visit && !crossed && rkcFar(bd, length(hi.xyz - lo.xyz), exact)) {
      best.xyz = vec3(bd, -1.0, 0.0);
    } else if (visit && hi.w > 0.5) {
      // A leaf: the pieces that start at its points.
      int j0 = int(lo.w);
      int i0 = (j0 + THIS_STEP - 1) / THIS_STEP;
      int i1 = min((j0 + int(hi.w) + THIS_STEP - 1) / THIS_STEP, pieces);
      vec3 w0, w1, w2;
      THIS_runStart(i0, w0, w1, w2);
      for (int i = i0; i < i1; i++) {
        vec3 a, b, c, d, plo, phi;
        THIS_runPiece(i, w0, w1, w2, a, b, c, d);
        THIS_box(a, b, c, d, plo, phi);
#ifdef THIS_FILLED
        if (p.y >= plo.y && p.y < phi.y && p.x < phi.x) {
          crossings += rkcPieceCrossings(p.xy, THIS_KIND, a.xy, b.xy, c.xy, d.xy);
        }
#endif
        if (THIS_KIND != RKC_SEGMENT) {
          float pd = rkcBoxDistance(p, plo, phi);
          if (pd >= best.x) continue;
          if (rkcFar(pd, length(phi - plo), exact)) {
            best.xyz = vec3(pd, -1.0, 0.0);
            continue;
          }
        }
        vec2 r = rkcPiece(p, THIS_KIND, a, b, c, d, best.x);
        if (r.x < best.x) best.xyz = vec3(r.x, float(i), r.y);
      }
    } else if (visit) {
      // The nearer child first: its pieces lower the best distance most.
      int left = node + 2;
      int right = int(lo.w);
      vec4 llo = rk_data(THIS_Points_first + left);
      vec4 lhi = rk_data(THIS_Points_first + left + 1);
      vec4 rlo = rk_data(THIS_Points_first + right);
      vec4 rhi = rk_data(THIS_Points_first + right + 1);
#ifdef THIS_COORD_TYPE_vec2
      llo.z = 0.0; lhi.z = 0.0; rlo.z = 0.0; rhi.z = 0.0;
#endif
      bool swap = rkcBoxDistance(p, rlo.xyz, rhi.xyz) < rkcBoxDistance(p, llo.xyz, lhi.xyz);
      if (top < RKC_TREE_STACK) stack[top++] = swap ? left : right;
      node = swap ? right : left;
      continue;
    }
    node = top > 0 ? stack[--top] : -1;
  }
  best.w = float(crossings);
  return best;
}
#else
// vec4(distance, piece index, t in the piece, crossings), over every
// piece. A first, cheap
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
  THIS_nearKnown = false;
#ifndef THIS_ALONG_TABLE
  // The length before the current piece, and before the best point.
  float before = 0.0;
  bool seeded = true;
#endif
#endif
  vec3 w0, w1, w2;
  THIS_runStart(0, w0, w1, w2);
  for (int i = 0; i < pieces; i++) {
    vec3 a, b, c, d, lo, hi;
    THIS_runPiece(i, w0, w1, w2, a, b, c, d);
    THIS_box(a, b, c, d, lo, hi);
#if defined(THIS_MEASURED) && !defined(THIS_ALONG_TABLE)
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
      THIS_nearA = a;
      THIS_nearB = b;
      THIS_nearC = c;
      THIS_nearD = d;
      THIS_nearKnown = true;
#ifndef THIS_ALONG_TABLE
      seeded = false;
      THIS_bestAlong = start + rkcPieceLength(THIS_KIND, a, b, c, d, r.y);
#endif
#endif
    }
  }
#if defined(THIS_MEASURED) && defined(THIS_ALONG_TABLE)
  // The length before the nearest piece, and along it to the nearest
  // point (a start point alone: t is 0, or 1 at the curve's end).
  // (Clamped: a single point makes no piece, and the first pass then
  // names piece -1.)
  int bi = clamp(int(best.y), 0, max(THIS_PIECES - 1, 0));
  float along0 = THIS_alongAt[bi];
  THIS_bestAlong = along0 + (THIS_nearKnown
    ? rkcPieceLength(THIS_KIND, THIS_nearA, THIS_nearB, THIS_nearC, THIS_nearD, best.z)
    : best.z * (THIS_alongAt[min(bi + 1, THIS_PIECES)] - along0));
#endif
  best.w = float(crossings);
  return best;
}
#endif
