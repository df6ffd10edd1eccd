// A bar along x: q.x runs along it, q.yz across, t its half widths there.
float THIS_bar(vec3 q, float len, vec2 t) {
#if defined(THIS_Shape_round)
  vec2 w = vec2(length(q.yz) - min(t.x, t.y), abs(q.x) - len);
  return min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
#else
  vec3 e = abs(q) - vec3(len, t.x, t.y);
  return length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
#endif
}

// The union of a and b with the corner between them filled by a quarter
// circle of radius r.
float THIS_join(float a, float b, float r) {
  if (r <= 0.0) return min(a, b);
  vec2 u = max(vec2(r - a, r - b), 0.0);
  return max(r, min(a, b)) - length(u);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float len = THIS_Infinite ? 1e20 : THIS_Length;
  // The half width across each axis.
  vec3 t = THIS_Thickness * THIS_Size;
  float r = THIS_SmoothRadius;
  float bx = THIS_bar(q, len, vec2(t.y, t.z));
  float by = THIS_bar(q.yzx, len, vec2(t.z, t.x));
  float bz = THIS_bar(q.zxy, len, vec2(t.x, t.y));
#if defined(THIS_Axes_xy)
  float d = THIS_join(bx, by, r);
#elif defined(THIS_Axes_yz)
  float d = THIS_join(by, bz, r);
#elif defined(THIS_Axes_zx)
  float d = THIS_join(bz, bx, r);
#else
  float d = THIS_join(bx, THIS_join(by, bz, r), r);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
