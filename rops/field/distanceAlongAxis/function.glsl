ReturnT thismap(CoordT p, ContextT ctx) {
  // The point as 3D, missing coordinates 0.
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p;
#elif defined(THIS_COORD_TYPE_vec2)
  vec3 q = vec3(p, 0.0);
#else
  vec3 q = vec3(p, 0.0, 0.0);
#endif
#if defined(THIS_Axis_y)
  float c = q.y;
#elif defined(THIS_Axis_z)
  float c = q.z;
#else
  float c = q.x;
#endif
  return abs(c - THIS_Center);
}
