ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 c = 0.5 * (THIS_A + THIS_B);
  vec2 ab = THIS_B - THIS_A;
  float len = length(ab);
  vec2 axis = len > 1e-6 ? ab / len : vec2(0.0, 1.0);
  vec2 q = p - c;
  vec2 local = vec2(q.x * axis.y - q.y * axis.x, dot(q, axis));
  float previous = THIS_VAR;
  THIS_VAR = len > 1e-6 ? clamp(local.y / len + 0.5, 0.0, 1.0) : 0.5;
  float d = rkpVesica(local, 0.5 * len, 0.5 * THIS_Width);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
