ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p - THIS_Offset;
#if defined(THIS_Axis_x)
  float v = length(q.yz);
#elif defined(THIS_Axis_z)
  float v = length(q.xy);
#else
  float v = length(q.xz);
#endif
#else
  vec2 q = p - THIS_Offset.xy;
#if defined(THIS_Axis_x)
  float v = abs(q.y);
#elif defined(THIS_Axis_z)
  float v = length(q);
#else
  float v = abs(q.x);
#endif
#endif
  v *= THIS_Scale;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
