ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p - THIS_Center;
  float angle = fract(atan(-q.z, q.x) / TAU);
#if defined(THIS_Mode_spherical)
  float r = length(q);
  float h = asin(clamp(q.y / max(r, 1e-9), -1.0, 1.0)) / TAU;
#else
  float r = length(q.xz);
  float h = q.y;
#endif
#else
  vec2 q = p - THIS_Center.xy;
  float r = length(q);
  float angle = fract(atan(q.y, q.x) / TAU);
  float h = 0.0;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(r, angle, h, 0.0);
#elif defined(THIS_Component_angle)
  return angle;
#elif defined(THIS_Component_height)
  return h;
#else
  return r;
#endif
}
