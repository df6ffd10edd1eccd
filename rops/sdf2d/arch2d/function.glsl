ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkpArch(p - THIS_Translate, THIS_Radius, THIS_Thickness, THIS_LegHeight);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
