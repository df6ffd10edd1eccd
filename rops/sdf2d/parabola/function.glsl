ReturnT thismap(CoordT p, ContextT ctx) {
  float d = rkpParabola(p - THIS_Translate, THIS_Curvature);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
