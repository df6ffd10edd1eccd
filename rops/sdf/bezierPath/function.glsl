// Bezier pieces through a point list, each sharing its first point with
// the last one's end: quadratic pieces take points 0-1-2, 2-3-4, ...;
// cubic ones 0-1-2-3, 3-4-5-6, ... With Closed the last piece ends on the
// first point. Points left over at the end (beyond a whole number of
// pieces) are not used.
#if defined(THIS_Degree_cubic)
#define THIS_KIND RKC_CUBIC
#define THIS_STEP 3
#else
#define THIS_KIND RKC_QUADRATIC
#define THIS_STEP 2
#endif
#ifdef THIS_Closed_on
#define THIS_PIECES (THIS_Points_count / THIS_STEP)
#define THIS_START(i) THIS_point((i) == THIS_PIECES ? 0 : (i) * THIS_STEP)
#else
#define THIS_PIECES ((THIS_Points_count - 1) / THIS_STEP)
#define THIS_START(i) THIS_point((i) * THIS_STEP)
#endif
#include "node/curvePoints.glsl"

void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  int s = i * THIS_STEP;
  a = THIS_point(s);
  b = THIS_point(s + 1);
#if THIS_STEP == 3
  c = THIS_point(s + 2);
#else
  c = b;
#endif
#ifdef THIS_Closed_on
  d = THIS_point(i == THIS_PIECES - 1 ? 0 : s + THIS_STEP);
#else
  d = THIS_point(s + THIS_STEP);
#endif
}

// Its own reach, added to Exact within (curveScan).
#define THIS_REACH THIS_Thickness
#include "node/curveScan.glsl"
#include "node/curveStroke.glsl"
