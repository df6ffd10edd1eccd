ReturnT thismap(CoordT p, ContextT ctx) {
  p = abs(p - THIS_Translate);
  vec2 b = THIS_Diagonals * 0.5;
  vec2 c = b - 2.0 * p.xz;
  float f = clamp((b.x * c.x - b.y * c.y) / max(dot(b, b), 1e-12), -1.0, 1.0);
  vec2 q = vec2(length(p.xz - 0.5 * b * vec2(1.0 - f, 1.0 + f)) * sign(p.x * b.y + p.z * b.x - b.x * b.y) - THIS_Rounding,
                p.y - THIS_Height * 0.5);
  float d = min(max(q.x, q.y), 0.0) + length(max(q, 0.0));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
