ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkCutDisk(xfRotate(p - THIS_Translate, -radians(THIS_Rotate)), THIS_Radius, THIS_Cut);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
