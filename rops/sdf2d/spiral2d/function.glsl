ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rksDistance(p - THIS_Translate, THIS_Start, THIS_Spacing, THIS_Turns) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
