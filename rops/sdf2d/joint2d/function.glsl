// The stroke with flat ends: the band of half width w about the path, cut
// across at both ends. Signed: the nearest of its four edges (two arcs
// or sides, two end lines), negative inside.
float THIS_flat(vec2 p, float len, float angle, float w) {
  if (abs(angle) < 1e-4) {
    vec2 e = abs(p - vec2(0.0, 0.5 * len)) - vec2(w, 0.5 * len);
    return length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
  }
  float rho = len / angle;
  float s = sign(rho);
  float ar = abs(rho);
  float a = abs(angle);
  vec2 c = vec2(rho, 0.0);
  vec2 q = p - c;
  float t = atan(q.y, -s * q.x);
  if (t < 0.0) t += TAU;
  // The path's direction from the centre at angle u, mirrored for a left bend.
  vec2 dir0 = vec2(-s, 0.0);
  vec2 dir1 = vec2(-s * cos(a), sin(a));
  float r = length(q);
  bool within = t <= a;
  float lo = max(ar - w, 0.0);
  float hi = ar + w;
  // The two arcs (radii lo and hi): radially while within the angle range,
  // else their nearer end; the two end lines across the stroke.
  float dArc = within ? min(abs(r - lo), abs(r - hi))
                      : min(min(length(q - lo * dir0), length(q - hi * dir0)),
                            min(length(q - lo * dir1), length(q - hi * dir1)));
  float dEnd = min(rkSegment(q, lo * dir0, hi * dir0), rkSegment(q, lo * dir1, hi * dir1));
  float d = min(dArc, dEnd);
  bool inside = within && r >= lo && r <= hi;
  return inside ? -d : d;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Ends_square)
  float d = THIS_flat(p - THIS_Translate, THIS_Length, THIS_Angle, THIS_Thickness);
#else
  float d = rkpBentPath(p - THIS_Translate, THIS_Length, THIS_Angle) - THIS_Thickness;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
