ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 d = p - THIS_Pivot;
  // Three mirrors: the planes x = 0 and y = 0, and the plane with normal nc
  // that meets them at 60 degrees and 180 / order degrees. Reflecting into
  // the side each faces until nothing changes leaves the point in the
  // triangle of directions they bound.
  float cp = cos(PI / THIS_ORDER);
  float sp = sqrt(0.75 - cp * cp);
  vec3 nc = vec3(-0.5, -cp, sp);
  for (int i = 0; i < 8; i++) {
    d.xy = abs(d.xy);
    d -= 2.0 * min(0.0, dot(d, nc)) * nc;
  }
  d.xy = abs(d.xy);
  // The triangle's corners, where two of the mirrors meet.
  vec3 a = vec3(0.0, 0.0, 1.0);
  vec3 b = normalize(vec3(sp, 0.0, 0.5));
  vec3 c = normalize(vec3(0.0, sp, cp));
  vec3 dir = THIS_U * a + THIS_V * b + THIS_W * c;
  dir = length(dir) > 1e-6 ? normalize(dir) : a;
  vec3 q = d * dmFrameY(dir);
  q.y -= THIS_Radius;
  return inputOp1(q, ctx);
}
