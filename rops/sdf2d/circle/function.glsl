ReturnT thismap(CoordT p, ContextT ctx) {
  float d = length(p - THIS_Translate) - THIS_Radius;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
