ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float r = length(q.xz);
  // The nearest ring by radius is the nearest ring: each cross section's
  // distance grows with the radial offset.
  float k = clamp(floor((r - THIS_Start) / THIS_Spacing + 0.5), 0.0, float(max(THIS_Count, 1) - 1));
  vec2 c = vec2(r - (THIS_Start + k * THIS_Spacing), q.y);
  float t = THIS_Thickness;
#if defined(THIS_Shape_square)
  vec2 e = abs(c) - t;
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#elif defined(THIS_Shape_diamond)
  // A square turned 45 degrees, corners t out along each axis.
  vec2 a = abs(c);
  vec2 rot = vec2(a.x + a.y, a.y - a.x) * 0.70710678118;
  vec2 e = abs(rot) - t * 0.70710678118;
  float d = length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#else
  float d = length(c) - t;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
