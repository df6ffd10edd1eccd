// A polyline through a point list: one segment from each point to the
// next, and with Closed one more back to the first; or, with Mode pairs,
// separate segments from point 0 to 1, 2 to 3, and so on.
#define THIS_KIND RKC_SEGMENT
#if defined(THIS_Mode_pairs)
#define THIS_PIECES (THIS_Points_count / 2)
// Piece i starts at point 2i (for the curve tree).
#define THIS_STEP 2
#else
#define THIS_POLYLINE
#endif
#include "node/curvePoints.glsl"

#if defined(THIS_Mode_pairs)
// Piece i: the segment between the points of pair i.
void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = THIS_point(2 * i);
  d = THIS_point(2 * i + 1);
  b = a;
  c = d;
}
#endif

// Its own reach, added to Exact within (curveScan).
#define THIS_REACH THIS_Thickness
#include "node/curveScan.glsl"
#include "node/curveStroke.glsl"
