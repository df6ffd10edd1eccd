ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rksBezier(p, THIS_A, THIS_Control, THIS_B) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
