ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Component_length)
  float x = length(p);
#elif defined(THIS_Component_angle) && defined(THIS_COORD_TYPE_vec3)
  float x = fract(atan(p.z, p.x) / TAU);
#elif defined(THIS_Component_angle)
  float x = fract(atan(p.y, p.x) / TAU);
#elif defined(THIS_Component_y)
  float x = p.y;
#elif defined(THIS_Component_z) && defined(THIS_COORD_TYPE_vec3)
  float x = p.z;
#elif defined(THIS_Component_z)
  float x = 0.0;
#else
  float x = p.x;
#endif
  return inputOp1(x * THIS_Scale, ctx);
}
