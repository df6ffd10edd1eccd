ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float h = max(THIS_Height, 1e-4);
  // Tip at the origin, base at y = -h.
  vec2 w = vec2(length(p.xz), p.y - h);
  vec2 q = vec2(max(THIS_Radius, 1e-6), -h);
  vec2 a = w - q * clamp(dot(w, q) / dot(q, q), 0.0, 1.0);
  vec2 b = w - q * vec2(clamp(w.x / q.x, 0.0, 1.0), 1.0);
  float s = max(-(w.x * q.y - w.y * q.x), -(w.y - q.y));
  float d = sqrt(min(dot(a, a), dot(b, b))) * sign(s);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
