ReturnT thismap(CoordT p, ContextT ctx) {
  const float k = 1.7320508;
  p -= THIS_Translate;
  float r = THIS_Size * 0.5;
  vec2 t = vec2(abs(p.x) - r, p.y + r / k);
  if (t.x + k * t.y > 0.0) t = vec2(t.x - k * t.y, -k * t.x - t.y) / 2.0;
  t.x -= clamp(t.x, -2.0 * r, 0.0);
  float d2 = -length(t) * sign(t.y);
  vec2 q = vec2(d2, abs(p.z) - THIS_Depth * 0.5);
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
