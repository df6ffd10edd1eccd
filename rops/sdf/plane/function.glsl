ReturnT thismap(CoordT p, ContextT ctx) {
  float d = dot(p, normalize(THIS_Normal)) - THIS_Offset;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
