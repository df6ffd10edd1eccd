ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 pa = p - THIS_A;
  vec2 ba = THIS_B - THIS_A;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  float previous = THIS_VAR;
  THIS_VAR = h;
  float d = length(pa - ba * h) - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
