// Per-node template (include with `#include "node/axisPlane.glsl"`): the
// plane a filter works in, as a swizzle of its point. THIS_PLANE(v) is the
// plane's two coordinates of v, and an lvalue (`THIS_PLANE(q) = w;` puts
// them back). A 2D point is its own plane. In 3D the plane comes from a
// menu parameter: Axis (x, y, z), the axis across the plane, taken in the
// right-handed order around it (x: zy, y: xz, z: xy); or Plane (xz, xy,
// yz), the plane itself.
#if defined(THIS_COORD_TYPE_vec2)
#define THIS_PLANE(v) v
#elif defined(THIS_Axis_x)
#define THIS_PLANE(v) v.zy
#elif defined(THIS_Axis_z) || defined(THIS_Plane_xy)
#define THIS_PLANE(v) v.xy
#elif defined(THIS_Plane_yz)
#define THIS_PLANE(v) v.yz
#else
#define THIS_PLANE(v) v.xz
#endif
