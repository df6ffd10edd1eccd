ReturnT thismap(CoordT p, ContextT ctx) {
  // Turn (y, z) by -atan(1 / sqrt(2)), then (x, z) by a quarter of pi,
  // each as the 2D turn v -> cos(t) v + sin(t) (v.y, -v.x).
  const float t1 = -0.6154797086703873;
  const float t2 = 0.7853981633974483;
  vec3 q = p;
  q.yz = cos(t1) * q.yz + sin(t1) * vec2(q.z, -q.y);
  q.xz = cos(t2) * q.xz + sin(t2) * vec2(q.z, -q.x);
  return inputOp1(q, ctx);
}
