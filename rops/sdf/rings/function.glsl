#include "node/axisUp.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = THIS_UP(p - THIS_Translate);
  // The radius of the ring layout through the point: a circle's, or the
  // perpendicular distance to the nearest side of a square or diamond.
#if defined(THIS_Layout_square)
  float r = max(abs(q.x), abs(q.z));
#elif defined(THIS_Layout_diamond)
  float r = (abs(q.x) + abs(q.z)) * 0.70710678118;
#else
  float r = length(q.xz);
#endif
  float around = atan(q.x, q.z) / TAU + 0.5;
  float start = THIS_Start;
  float spacing = THIS_Spacing;
  // The nearest ring by radius is the nearest ring: each cross section's
  // distance grows with the radial offset.
  float k = floor((r - start) / spacing + 0.5);
  if (THIS_Infinite) {
    k = max(k, -floor(start / spacing));
  } else {
    k = clamp(k, 0.0, float(max(THIS_Count, 1) - 1));
  }
  vec2 c = vec2(r - (start + k * spacing), q.y);
  THIS_Type previous = THIS_VAR;
#if defined(THIS_Type_vec4)
  THIS_VAR = vec4(k, around, q.y, 360.0 * around);
#else
  THIS_VAR = k;
#endif
#if defined(THIS_HAS_INPUT_1)
  ReturnT res = inputOp1(c, ctx);
  THIS_VAR = previous;
  return res;
#else
  float t = THIS_Thickness;
  THIS_VAR = previous;
#if defined(THIS_Shape_square)
  vec2 e = abs(c) - t;
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#elif defined(THIS_Shape_diamond)
  // A square turned 45 degrees, corners t out along each axis.
  vec2 a = abs(c);
  vec2 rot = vec2(a.x + a.y, a.y - a.x) * 0.70710678118;
  vec2 e = abs(rot) - t * 0.70710678118;
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#else
  float d = length(c) - t;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
