// The arch's centre line in its plane, folded to x >= 0: a leg at x = r
// from y = -legHeight up to r - rc, a corner arc of radius rc about
// (r - rc, r - rc), and the top at y = r back to x = 0; with closed, also
// the bottom at y = -legHeight. Returns the unsigned distance to it, and
// in inside whether the point lies within the closed outline.
float THIS_outline(vec2 p, float r, float rc, float legHeight, bool closed, out bool inside) {
  vec2 q = vec2(abs(p.x), p.y);
  float k = r - rc;
  float d = min(rkSegment(q, vec2(r, -legHeight), vec2(r, k)), rkSegment(q, vec2(0.0, r), vec2(k, r)));
  vec2 c = q - vec2(k);
  if (c.x >= 0.0 && c.y >= 0.0) d = min(d, abs(length(c) - rc));
  if (closed) d = min(d, rkSegment(q, vec2(0.0, -legHeight), vec2(r, -legHeight)));
  inside = q.x <= r && q.y >= -legHeight && q.y <= r && (c.x <= 0.0 || c.y <= 0.0 || length(c) <= rc);
  return d;
}
