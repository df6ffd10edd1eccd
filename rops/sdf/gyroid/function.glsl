ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Scale, 1e-4);
  vec3 q = (p - THIS_Translate) * s;
  float g = dot(sin(q), cos(q.yzx)) - THIS_Bias;
  // |grad g| <= sqrt(3), so dividing by sqrt(3) * s keeps the result a bound.
  float d = (abs(g) - THIS_Thickness_at(p, ctx)) / (1.7320508 * s);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
