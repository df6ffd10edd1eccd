ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 pa = p - THIS_A;
  vec3 ba = THIS_B - THIS_A;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  float previous = THIS_VAR;
  THIS_VAR = h;
  float d = length(pa - ba * h) - THIS_Radius_at(p, ctx);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
