// (v.x cos a - v.y sin a, v.x sin a + v.y cos a): v times RayTK's
// rotateMatrix2d(a), a row vector on the left.
vec2 THIS_turn(vec2 v, float a) {
  float c = cos(a);
  float s = sin(a);
  return vec2(c * v.x - s * v.y, s * v.x + c * v.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float h = THIS_H;
  vec3 r = THIS_R;
  // Tiny angles are kept off zero (a zero half-turn bends to +x).
  float side = r.x < 0.0 ? -1.0 : 1.0;
  if (abs(r.x) < 0.001) r.x = 0.001 * side;
  if (abs(r.y) < 0.001) r.y = 0.001;
  if (abs(r.z) < 0.001) r.z = 0.001;
  vec2 dir = vec2(sin(r.x), cos(r.x));
  float radius = 0.5 * h / r.x;
  vec3 q = p;
  q.xz = THIS_turn(q.xz, r.y);
  q.x -= radius;
  // Past the arc's far end the point is mirrored back onto it.
  vec2 w = q.xy - 2.0 * dir * max(0.0, dot(dir, q.xy));
  vec3 u = vec3(radius - length(w) * side, radius * atan(side * q.y, -side * q.x), q.z);
  u.zx = THIS_turn(u.zx, r.y + r.z * u.y / h);
  ReturnT res = inputOp1(u, ctx);
  dmScaleDist(res, THIS_StepScale);
  return res;
}
