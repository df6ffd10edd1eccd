ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Center;
  float r = max(length(q), THIS_Core);
  vec3 n = length(q) > 1e-9 ? normalize(q) : vec3(0.0);
  vec3 m = THIS_Moment;
  vec3 b = THIS_Strength * (3.0 * dot(m, n) * n - m) / (r * r * r);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(b, 0.0);
#else
  return length(b);
#endif
}
