// A Catmull-Rom spline through every point of a list: the piece from
// point i to point i + 1 leaves and arrives along the neighbours' chords.
// Open ends get a mirrored neighbour (so the spline starts towards the
// second point); with Closed the list wraps around. Each piece is turned
// into its cubic Bezier form (rkcCatmullRom) and measured as a cubic.
#define THIS_KIND RKC_CUBIC
#define THIS_NEIGHBOURS
#ifdef THIS_Mode_uniform
#define THIS_ALPHA 0.0
#else
#define THIS_ALPHA 0.5
#endif
#include "node/curvePoints.glsl"

void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = THIS_neighbour(i);
  d = THIS_neighbour(i + 1);
  rkcCatmullRom(THIS_neighbour(i - 1), a, d, THIS_neighbour(i + 2), THIS_ALPHA, b, c);
}

// Its own reach, added to Exact within (curveScan).
#define THIS_REACH THIS_Thickness
#include "node/curveScan.glsl"
#include "node/curveStroke.glsl"
