ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  vec2 half_ = 0.5 * max(THIS_Size, vec2(0.0));
  // Intervals along each side, and their length.
  vec2 n = max(floor(2.0 * half_ / max(THIS_Spacing, 1e-4) + 0.5), vec2(1.0));
  vec2 step_ = 2.0 * half_ / n;
  // The nearest copy on the sides along x (at y = +-h) and along y.
  vec2 ax = vec2(-half_.x + step_.x * clamp(floor((w.x + half_.x) / step_.x + 0.5), 0.0, n.x), w.y < 0.0 ? -half_.y : half_.y);
  vec2 ay = vec2(w.x < 0.0 ? -half_.x : half_.x, -half_.y + step_.y * clamp(floor((w.y + half_.y) / step_.y + 0.5), 0.0, n.y));
  bool onX = dot(w - ax, w - ax) <= dot(w - ay, w - ay);
  vec2 at = onX ? ax : ay;
  vec2 local = w - at;
  if (THIS_Orient) {
    // +y out of the rectangle: the side's normal, or the diagonal at a corner.
    bool corner = abs(abs(at.x) - half_.x) < 1e-4 && abs(abs(at.y) - half_.y) < 1e-4;
    vec2 out_ = corner ? normalize(sign(at)) : (onX ? vec2(0.0, sign(at.y)) : vec2(sign(at.x), 0.0));
    local = vec2(out_.y * local.x - out_.x * local.y, dot(local, out_));
  }
#if defined(THIS_CONTEXT_TYPE_Context)
  // Copies counted round the outline from the corner (-w, -h).
  vec2 idx = (at + half_) / step_;
  float k = onX ? (at.y < 0.0 ? idx.x : 2.0 * n.x + n.y - idx.x) : (at.x > 0.0 ? n.x + idx.y : 2.0 * (n.x + n.y) - idx.y);
  ctx.iteration = vec4(mod(floor(k + 0.5), 2.0 * (n.x + n.y)), 2.0 * (n.x + n.y), 0.0, 0.0);
#endif
  return inputOp1(dmUnplane(p, local, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
}
