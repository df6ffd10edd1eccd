// A polyline through a point list: one segment from each point to the
// next, and with Closed one more back to the first.
#define THIS_KIND RKC_SEGMENT
#define THIS_POLYLINE
#include "node/curvePoints.glsl"

#include "node/curveScan.glsl"
#include "node/curveStroke.glsl"
