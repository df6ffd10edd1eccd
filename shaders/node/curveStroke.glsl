// Per-node template (include with `#include "node/curveStroke.glsl"`, after
// node/curveScan.glsl): the ROP's function for a curve stroked with a
// float parameter Thickness, in 2D or 3D, and filled (even-odd) where
// THIS_FILLED is defined.
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
