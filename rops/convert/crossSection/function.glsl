ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 n = THIS_Normal / max(length(THIS_Normal), 1e-6);
  vec3 u;
  vec3 v;
  xfBasis(n, u, v);
#if defined(THIS_COORD_TYPE_float) && defined(THIS_Line_x)
  return inputOp1(n * THIS_Offset + vec3(p, 0.0, 0.0), ctx);
#elif defined(THIS_COORD_TYPE_float) && defined(THIS_Line_y)
  return inputOp1(n * THIS_Offset + vec3(0.0, p, 0.0), ctx);
#elif defined(THIS_COORD_TYPE_float) && defined(THIS_Line_z)
  return inputOp1(n * THIS_Offset + vec3(0.0, 0.0, p), ctx);
#elif defined(THIS_COORD_TYPE_float)
  vec2 q = xfRotate(vec2(p, 0.0), radians(THIS_Rotate));
  return inputOp1(n * THIS_Offset + u * q.x + v * q.y, ctx);
#else
  vec2 q = xfRotate(p, radians(THIS_Rotate));
  return inputOp1(n * THIS_Offset + u * q.x + v * q.y, ctx);
#endif
}
