ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 n = THIS_Normal / max(length(THIS_Normal), 1e-6);
  vec3 u;
  vec3 v;
  xfBasis(n, u, v);
  vec2 q = xfRotate(p, radians(THIS_Rotate));
  return inputOp1(n * THIS_Offset + u * q.x + v * q.y, ctx);
}
