ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkCutDisk(p - THIS_Translate, THIS_Radius, THIS_Cut);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
