// The plane across Axis as (u, v), counter-clockwise seen from the axis's
// positive end, and the position along it.
#if defined(THIS_Axis_x)
#define THIS_U(q) q.y
#define THIS_V(q) q.z
#define THIS_A(q) q.x
#elif defined(THIS_Axis_z)
#define THIS_U(q) q.x
#define THIS_V(q) q.y
#define THIS_A(q) q.z
#else
#define THIS_U(q) q.x
#define THIS_V(q) (-q.z)
#define THIS_A(q) q.y
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p - THIS_Center;
  float angle = fract(atan(THIS_V(q), THIS_U(q)) / TAU);
  float planeDist = length(vec2(THIS_U(q), THIS_V(q)));
  float dist = length(q);
#if defined(THIS_Mode_spherical)
  float r = dist;
  float h = asin(clamp(THIS_A(q) / max(r, 1e-9), -1.0, 1.0)) / TAU;
#else
  float r = planeDist;
  float h = THIS_A(q);
#endif
#else
  vec2 q = p - THIS_Center.xy;
  float r = length(q);
  float planeDist = r;
  float dist = r;
  float angle = fract(atan(q.y, q.x) / TAU);
  float h = 0.0;
#endif
#if defined(THIS_Unit_degrees)
  angle *= 360.0;
#if defined(THIS_Mode_spherical)
  h *= 360.0;
#endif
#elif defined(THIS_Unit_radians)
  angle *= TAU;
#if defined(THIS_Mode_spherical)
  h *= TAU;
#endif
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(r, angle, h, 0.0);
#elif defined(THIS_Component_angle)
  return angle;
#elif defined(THIS_Component_height)
  return h;
#elif defined(THIS_Component_planeDistance)
  return planeDist;
#elif defined(THIS_Component_distance)
  return dist;
#else
  return r;
#endif
}
