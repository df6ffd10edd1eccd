ReturnT THIS_along(int axis, vec3 p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_2
  if (axis == 1) return inputOp2(p.zx, ctx);
#endif
#ifdef THIS_HAS_INPUT_3
  if (axis == 2) return inputOp3(p.xy, ctx);
#endif
  if (axis == 1) return inputOp1(p.zx, ctx);
  if (axis == 2) return inputOp1(p.xy, ctx);
  return inputOp1(p.yz, ctx);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_4
  // The shape's gradient by central differences.
  vec2 e = vec2(1e-3, 0.0);
  vec3 n = vec3(
    inputOp4(p + e.xyy, ctx) - inputOp4(p - e.xyy, ctx),
    inputOp4(p + e.yxy, ctx) - inputOp4(p - e.yxy, ctx),
    inputOp4(p + e.yyx, ctx) - inputOp4(p - e.yyx, ctx));
#else
  vec3 n = p - THIS_Center;
#endif
  vec3 w = pow(abs(n) / max(max(abs(n.x), max(abs(n.y), abs(n.z))), 1e-12), vec3(THIS_Sharpness));
  w /= max(w.x + w.y + w.z, 1e-12);
  ReturnT res = THIS_along(0, p, ctx) * w.x;
  if (w.y > 0.0) res += THIS_along(1, p, ctx) * w.y;
  if (w.z > 0.0) res += THIS_along(2, p, ctx) * w.z;
  return res;
}
