ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  vec2 w = vec2(length(p.yz), p.x);
#elif defined(THIS_Axis_z)
  vec2 w = vec2(length(p.xy), p.z);
#else
  vec2 w = vec2(length(p.xz), p.y);
#endif
  vec2 q = abs(w) - vec2(THIS_Radius_at(p, ctx), THIS_Height * 0.5);
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
