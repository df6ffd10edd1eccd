ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 k = length(THIS_Axis) > 1e-6 ? normalize(THIS_Axis) : vec3(0.0, 1.0, 0.0);
  // The input sees the point turned back.
  vec3 q = THIS_Pivot + dmRotateAxis(p - THIS_Pivot, k, -radians(THIS_Angle_at(p, ctx)));
  return inputOp1(q, ctx);
}
