// Per-node template (include with `#include "node/curvePoints.glsl"`): the
// points of a curve through a point list parameter named Points. The ROP
// defines first:
//   THIS_KIND       RKC_SEGMENT, RKC_QUADRATIC or RKC_CUBIC: what each piece is
//   THIS_PIECES     how many pieces (default: one per point with a Closed
//                   toggle on, else one fewer)
//   THIS_START(i)   where piece i starts (default: point i)
//   THIS_NEIGHBOURS to get THIS_neighbour (the ends of a spline)
//   THIS_POLYLINE   to get THIS_piece as the segment from each point to the next
//   THIS_WINDOW4    for a piece made from four neighbours, i - 1 to i + 2 (a
//                   spline's): the ROP then defines, after this include,
//                     void THIS_pieceOf(vec3 p0, vec3 p1, vec3 p2, vec3 p3,
//                                       out vec3 a, out vec3 b, out vec3 c, out vec3 d)
//                   and node/curveScan.glsl defines THIS_piece from it, and
//                   walks runs of pieces reading one new point a piece
//                   (THIS_NEIGHBOURS comes with it)
// and THIS_FILLED is defined here for a Closed, Fill 2D curve.
#if defined(THIS_Points_count) && THIS_Points_count < 1
#error Points is empty: a curve needs at least one point
#endif
#ifndef THIS_PIECES
#ifdef THIS_Closed_on
#define THIS_PIECES THIS_Points_count
#else
#define THIS_PIECES (THIS_Points_count - 1)
#endif
#endif
#if defined(THIS_WINDOW4) && !defined(THIS_NEIGHBOURS)
#define THIS_NEIGHBOURS
#endif
#if defined(THIS_Closed_on) && defined(THIS_Fill_on) && defined(THIS_COORD_TYPE_vec2)
#define THIS_FILLED
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

#ifdef THIS_NEIGHBOURS
// Point i with the ends handled: wrapped when closed, else mirrored
// through the end point.
vec3 THIS_neighbour(int i) {
#ifdef THIS_Closed_on
  return THIS_point((i + THIS_Points_count) % THIS_Points_count);
#else
  if (i < 0) return 2.0 * THIS_point(0) - THIS_point(1);
  if (i >= THIS_Points_count) return 2.0 * THIS_point(THIS_Points_count - 1) - THIS_point(THIS_Points_count - 2);
  return THIS_point(i);
#endif
}
#endif

#ifdef THIS_POLYLINE
// Piece i: the segment from point i to the next.
void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = THIS_point(i);
  d = THIS_point(i + 1);
  b = a;
  c = d;
}
#endif
