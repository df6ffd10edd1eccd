ReturnT thismap(CoordT p, ContextT ctx) {
  const vec3 k = vec3(-0.8660254, 0.5, 0.57735);
  vec2 h = vec2(THIS_Radius, THIS_Depth * 0.5);
  p = abs(p - THIS_Translate);
  vec2 xy = p.xy - 2.0 * min(dot(k.xy, p.xy), 0.0) * k.xy;
  vec2 q = vec2(length(xy - vec2(clamp(xy.x, -k.z * h.x, k.z * h.x), h.x)) * sign(xy.y - h.x), p.z - h.y);
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
