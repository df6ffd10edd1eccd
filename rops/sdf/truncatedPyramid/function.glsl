ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rksTruncatedPyramid(p - THIS_Translate, 0.5 * THIS_Base, 0.5 * THIS_Top, max(THIS_Height, 1e-6));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
