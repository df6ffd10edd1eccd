ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
#if defined(THIS_Axis_x)
  vec2 w = vec2(length(p.yz), p.x);
#elif defined(THIS_Axis_z)
  vec2 w = vec2(length(p.xy), p.z);
#else
  vec2 w = vec2(length(p.xz), p.y);
#endif
  float rb = clamp(THIS_Rounding, 0.0, min(THIS_Radius, THIS_Height * 0.5));
  vec2 q = abs(w) - vec2(THIS_Radius, THIS_Height * 0.5) + rb;
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - rb;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
