// A polygon through a point list: its edges join each point to the next
// and the last to the first; inside is where a ray crosses them an odd
// number of times (even-odd), so crossing outlines cut holes.
#define THIS_KIND RKC_SEGMENT
#define THIS_PIECES THIS_Points_count
#define THIS_FILLED
#define THIS_POLYLINE
#include "node/curvePoints.glsl"

// Its own reach, added to Exact within (curveScan).
#define THIS_REACH THIS_Offset
#include "node/curveScan.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 scan = THIS_scan(vec3(p, 0.0));
  // Even-odd: inside where the ray crosses the outline an odd number of times.
  float d = mod(scan.w, 2.0) > 0.5 ? -scan.x : scan.x;
  d -= THIS_Offset;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
