ReturnT thismap(CoordT p, ContextT ctx) {
  // One quadrant holds the whole answer: the edge from (a, 0) to (0, b).
  vec2 q = abs(p - THIS_Translate);
  vec2 a = vec2(max(THIS_Sizex, 1e-6), 0.0);
  vec2 b = vec2(0.0, max(THIS_Sizey, 1e-6));
  vec2 e = b - a;
  float t = clamp(dot(q - a, e) / dot(e, e), 0.0, 1.0);
  float d = length(q - a - t * e);
  // Inside where the point lies below the edge's line.
  float side = q.x / a.x + q.y / b.y - 1.0;
  d = side < 0.0 ? -d : d;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
