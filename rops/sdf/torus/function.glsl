ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  vec2 q = vec2(length(p.yz) - THIS_Radius_at(p, ctx), p.x);
#elif defined(THIS_Axis_z)
  vec2 q = vec2(length(p.xy) - THIS_Radius_at(p, ctx), p.z);
#else
  vec2 q = vec2(length(p.xz) - THIS_Radius_at(p, ctx), p.y);
#endif
  float d = length(q) - THIS_Thickness_at(p, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
