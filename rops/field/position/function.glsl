ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = (p - THIS_Offset) * THIS_Scale;
#else
  vec3 q = vec3((p - THIS_Offset.xy) * THIS_Scale, 0.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(q, 1.0);
#elif defined(THIS_Component_x)
  return q.x;
#elif defined(THIS_Component_z)
  return q.z;
#elif defined(THIS_Component_length)
  return length(q);
#else
  return q.y;
#endif
}
