ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = 0.5 * (THIS_A + THIS_B);
  vec3 ab = THIS_B - THIS_A;
  float len = length(ab);
  vec3 axis = len > 1e-6 ? ab / len : vec3(0.0, 1.0, 0.0);
  vec3 q = p - c;
  float along = dot(q, axis);
  float across = length(q - along * axis);
  float previous = THIS_VAR;
  THIS_VAR = len > 1e-6 ? clamp(along / len + 0.5, 0.0, 1.0) : 0.5;
  float d = rkpVesica(vec2(across, along), 0.5 * len, 0.5 * THIS_Width);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
