ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkpBentPath(p - THIS_Translate, THIS_Length, THIS_Angle) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
