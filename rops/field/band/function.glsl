// One soft edge: 0 below x = -w / 2, 1 above w / 2 (a step when w is 0),
// shaped by the blend function when one is wired in.
float THIS_edge(float x, float w, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  if (w <= 0.0) return step(0.0, x);
  return inputOp1(clamp(x / w + 0.5, 0.0, 1.0), ctx);
#else
  return w > 0.0 ? smoothstep(-0.5 * w, 0.5 * w, x) : step(0.0, x);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_length)
  float x = length(p);
#elif defined(THIS_Axis_x)
  float x = p.x;
#elif defined(THIS_Axis_y)
  float x = p.y;
#elif defined(THIS_COORD_TYPE_vec3)
  float x = p.z;
#else
  float x = 0.0;
#endif
  if (THIS_Repeat) x = mod(x + THIS_RepeatShift, THIS_RepeatSize);
  float lo = min(THIS_Start, THIS_End);
  float hi = max(THIS_Start, THIS_End);
  float v = THIS_edge(x - lo, THIS_Softness, ctx) * THIS_edge(hi - x, THIS_Softness, ctx);
  if (THIS_Reverse) v = 1.0 - v;
#if defined(THIS_RETURN_TYPE_vec4)
  return THIS_OutsideColor + (THIS_InsideColor - THIS_OutsideColor) * v;
#else
  return THIS_OutsideValue + (THIS_InsideValue - THIS_OutsideValue) * v;
#endif
}
