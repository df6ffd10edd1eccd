ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Center;
#if defined(THIS_Axis_x)
  vec3 ax = vec3(1.0, 0.0, 0.0);
#elif defined(THIS_Axis_z)
  vec3 ax = vec3(0.0, 0.0, 1.0);
#else
  vec3 ax = vec3(0.0, 1.0, 0.0);
#endif
#if defined(THIS_Direction_spherical)
  vec3 v = length(q) > 1e-9 ? normalize(q) : vec3(0.0);
#else
  vec3 inPlane = q - dot(q, ax) * ax;
  vec3 v = length(inPlane) > 1e-9 ? normalize(inPlane) : vec3(0.0);
#if defined(THIS_Direction_tangent)
  v = cross(ax, v);
#endif
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(v, 0.0);
#else
  return v.THIS_Component;
#endif
}
