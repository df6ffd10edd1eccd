ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = 0.5 * (THIS_A + THIS_B);
  vec3 ab = THIS_B - THIS_A;
  float len = length(ab);
  vec3 axis = len > 1e-6 ? ab / len : vec3(0.0, 1.0, 0.0);
  vec3 q = p - c;
  float along = dot(q, axis);
  float across = length(q - along * axis);
  float d = rkpVesica(vec2(across, along), 0.5 * len, 0.5 * THIS_Width);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
