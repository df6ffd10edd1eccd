ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkcCubic(p, THIS_A, THIS_B, THIS_C, THIS_D).x - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
