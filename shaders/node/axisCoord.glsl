// Per-node template (include with `#include "node/axisCoord.glsl"`): the
// point's coordinate along one axis. Expects a menu parameter Axis (x, y,
// z). Defines THIS_axisCoord(p): that coordinate of the node's CoordT
// point, a 2D point having z = 0 and a 1D point y = z = 0.
float THIS_axisCoord(CoordT p) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p;
#elif defined(THIS_COORD_TYPE_vec2)
  vec3 q = vec3(p, 0.0);
#else
  vec3 q = vec3(p, 0.0, 0.0);
#endif
#if defined(THIS_Axis_y)
  return q.y;
#elif defined(THIS_Axis_z)
  return q.z;
#else
  return q.x;
#endif
}
