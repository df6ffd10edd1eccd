ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float d2 = rkpRegularPolygon(q.xy, float(max(THIS_Sides, 3)), THIS_Radius);
  float d = rkpExtrude(d2, q.z, 0.5 * THIS_Length);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
