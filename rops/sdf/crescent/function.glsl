ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The profile is symmetric about the x axis, so turning it keeps it exact.
  float d = rkpMoon(vec2(q.x, length(q.yz)), max(THIS_Radius, 1e-6), max(THIS_CutRadius, 1e-6), THIS_Offset);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
