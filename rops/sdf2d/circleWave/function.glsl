// Distance to the half circle of radius r about (cx, 0) on the side s
// (+1 up, -1 down): radial where the point is on that side, else the ends.
float THIS_half(vec2 p, float cx, float r, float s) {
  vec2 q = vec2(p.x - cx, p.y * s);
  if (q.y >= 0.0) return abs(length(q) - r);
  return length(vec2(abs(q.x) - r, q.y));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  float r = THIS_Radius;
  // One period is 4 r: an arc up about r, an arc down about 3 r; the
  // neighbours on either side cover the period's ends.
  q.x -= 4.0 * r * floor(q.x / (4.0 * r));
  float d = min(min(THIS_half(q, r, r, 1.0), THIS_half(q, 3.0 * r, r, -1.0)),
                min(THIS_half(q, -r, r, -1.0), THIS_half(q, 5.0 * r, r, 1.0)));
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
