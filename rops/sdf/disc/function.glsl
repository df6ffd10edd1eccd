ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // Across the axis (u, v, in the right-handed order of the axis) and along it.
#if defined(THIS_Axis_x)
  vec3 l = q.yzx;
#elif defined(THIS_Axis_z)
  vec3 l = q.xyz;
#else
  vec3 l = q.zxy;
#endif
  float angle = atan(l.y, l.x);
  float across = length(l.xy);
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(angle, angle / TAU + 0.5, across / max(THIS_Radius, 1e-6), 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = angle / TAU + 0.5;
#endif
  float d = length(vec2(max(across - THIS_Radius, 0.0), l.z)) - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
