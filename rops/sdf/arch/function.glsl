ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float d2 = rkpArch(q.xy, THIS_Radius, THIS_Thickness, THIS_LegHeight);
  float d = rkpExtrude(d2, q.z, 0.5 * THIS_Depth);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
