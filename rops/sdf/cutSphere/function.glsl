ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // A solid of revolution about y: its profile is a cut disk.
  float d = rkCutDisk(vec2(length(q.xz), q.y), THIS_Radius, THIS_Cut);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
