ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 ab = max(THIS_Radii, vec2(1e-4));
  vec2 q = abs(p - THIS_Translate);
  // Closest point by iterating on the evolute (after Luc Maisonobe / 0xfaded).
  vec2 t = vec2(0.70710678);
  for (int i = 0; i < 4; i++) {
    vec2 xy = ab * t;
    vec2 e = vec2(ab.x * ab.x - ab.y * ab.y, ab.y * ab.y - ab.x * ab.x) * t * t * t / ab;
    vec2 rv = xy - e;
    vec2 qv = q - e;
    float rl = length(rv);
    float ql = max(length(qv), 1e-9);
    t = clamp((qv * rl / ql + e) / ab, 0.0, 1.0);
    t /= max(length(t), 1e-9);
  }
  vec2 c = ab * t;
  float inside = dot(q / ab, q / ab) - 1.0;
  float d = length(q - c) * (inside < 0.0 ? -1.0 : 1.0);
#if defined(ROPKIT_SDF_UV) && defined(THIS_RETURN_TYPE_Sdf) && !defined(THIS_UvMode_none)
  Sdf res = createSdf(d);
  res.uv = (p - THIS_Translate) / (2.0 * ab) + 0.5;
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
