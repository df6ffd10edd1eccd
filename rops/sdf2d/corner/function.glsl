ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = xfRotate(p - THIS_Translate, -radians(THIS_Angle)) + THIS_Rounding;
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - THIS_Rounding;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
