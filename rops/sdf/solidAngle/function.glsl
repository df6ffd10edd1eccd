ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // A solid of revolution about y: its profile is a circular sector.
  float d = rkSector(vec2(length(q.xz), q.y), THIS_Radius, radians(clamp(THIS_Angle, 0.0, 180.0)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
