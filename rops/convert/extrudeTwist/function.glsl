ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 uv = p.zy;
  float h = p.x - THIS_Offset;
#elif defined(THIS_Axis_y)
  vec2 uv = p.xz;
  float h = p.y - THIS_Offset;
#else
  vec2 uv = p.xy;
  float h = p.z - THIS_Offset;
#endif
  ReturnT res = inputOp1(xfRotate(uv, -radians(THIS_Twist) * h), ctx);
  vec2 w = vec2(xfDist(res), abs(h) - THIS_Height * 0.5);
  xfSetDist(res, (min(max(w.x, w.y), 0.0) + length(max(w, 0.0))) * THIS_StepScale);
  return res;
}
