// Per-node template (include with `#include "node/axisOrPoints.glsl"`): the
// frame of a solid of revolution standing along +y, placed either by an
// axis or between two points. Expects the parameters Mode (menu: axis,
// points), Axis (menu: x, y, z), Translate, Height, Start and End (xyz), a
// variable (Name, Type: float or vec4), and THIS_CENTRED defined before the
// include when Translate is the solid's middle rather than its base.
// Defines:
//   vec3 THIS_frame(vec3 p, out float h): p in the solid's frame (y along
//     the axis, x and z across it in the right-handed order of the axis;
//     the base at y = 0, or the middle with THIS_CENTRED) and its height:
//     Mode axis, Height along the Axis from Translate; Mode points, from
//     Start to End (Height, Axis and Translate unused).
//   THIS_setVar(q, h): sets the variable to the place of the frame's point
//     q: float, the height above the base over h (0..1, clamped); vec4, the
//     height above the base, that over h, the angle around the axis as 0..1,
//     and 0.
#include "node/axisUp.glsl"

vec3 THIS_frame(vec3 p, out float h) {
#if defined(THIS_Mode_points)
  vec3 start = THIS_Start;
  vec3 span = THIS_End - start;
  h = length(span);
  vec3 dir = h > 1e-6 ? span / h : vec3(0.0, 1.0, 0.0);
  // Across the axis: u, then v = u x dir, so that (u, dir, v) turns like
  // (x, y, z) (for dir = +y, u = +x).
  vec3 u = normalize(cross(dir, abs(dir.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0)));
  vec3 v = cross(u, dir);
  vec3 d = p - start;
  vec3 q = vec3(dot(d, u), dot(d, dir), dot(d, v));
#if defined(THIS_CENTRED)
  q.y -= 0.5 * h;
#endif
  return q;
#else
  h = THIS_Height;
  return THIS_UP(p - THIS_Translate);
#endif
}

#if defined(THIS_CENTRED)
#define THIS_BASE_Y(q, h) ((q).y + 0.5 * (h))
#else
#define THIS_BASE_Y(q, h) ((q).y)
#endif

#if defined(THIS_Type_vec4)
#define THIS_setVar(q, h) THIS_VAR = vec4(THIS_BASE_Y(q, h), clamp(THIS_BASE_Y(q, h) / max(h, 1e-6), 0.0, 1.0), atan((q).x, (q).z) / TAU + 0.5, 0.0)
#else
#define THIS_setVar(q, h) THIS_VAR = clamp(THIS_BASE_Y(q, h) / max(h, 1e-6), 0.0, 1.0)
#endif
