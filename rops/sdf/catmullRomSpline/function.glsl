// A Catmull-Rom spline through every point of a list: the piece from
// point i to point i + 1 leaves and arrives along the neighbours' chords.
// Open ends get a mirrored neighbour (so the spline starts towards the
// second point); with Closed the list wraps around. Each piece is turned
// into its cubic Bezier form (rkcCatmullRom) and measured as a cubic.
#define THIS_KIND RKC_CUBIC
#define THIS_WINDOW4
#ifdef THIS_Mode_uniform
#define THIS_ALPHA 0.0
#else
#define THIS_ALPHA 0.5
#endif
#include "node/curvePoints.glsl"

// Piece i from points i - 1 to i + 2 (the ends mirrored, or wrapped).
void THIS_pieceOf(vec3 p0, vec3 p1, vec3 p2, vec3 p3, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = p1;
  d = p2;
  rkcCatmullRom(p0, p1, p2, p3, THIS_ALPHA, b, c);
}

// Its own reach, added to Exact within (curveScan).
#define THIS_REACH THIS_Thickness
#include "node/curveScan.glsl"
#include "node/curveStroke.glsl"
