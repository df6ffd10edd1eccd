ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  float d = length(p.yz) - THIS_Radius;
#elif defined(THIS_Axis_z)
  float d = length(p.xy) - THIS_Radius;
#else
  float d = length(p.xz) - THIS_Radius;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
