ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 b = THIS_Size * 0.5;
#if defined(THIS_Units_ratio)
  float unit = min(b.x, b.y);
#else
  float unit = 1.0;
#endif
#if defined(THIS_Corners_each)
  // The radius of the corner in p's quadrant: x top-right, y bottom-right,
  // z top-left, w bottom-left.
  vec2 rel = p - THIS_Translate;
  vec4 radii = THIS_CornerRadii;
  vec2 side = rel.x > 0.0 ? radii.xy : radii.zw;
  float r = clamp((rel.y > 0.0 ? side.x : side.y) * unit, 0.0, min(b.x, b.y));
#else
  float r = clamp(THIS_Radius * unit, 0.0, min(b.x, b.y));
#endif
  vec2 q = abs(p - THIS_Translate) - b + r;
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
