ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  vec2 q = vec2(length(p.yz) - THIS_Radius, p.x);
#elif defined(THIS_Axis_z)
  vec2 q = vec2(length(p.xy) - THIS_Radius, p.z);
#else
  vec2 q = vec2(length(p.xz) - THIS_Radius, p.y);
#endif
  float d = length(q) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
