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
  // The scale at this level, held at the end values beyond the faces.
  float t = clamp(h / max(THIS_Height, 1e-6) + 0.5, 0.0, 1.0);
  float s = max(mix(THIS_BottomScale, THIS_TopScale, t), 1e-4);
  ReturnT res = inputOp1(uv / s, ctx);
  vec2 w = vec2(xfDist(res) * s, abs(h) - THIS_Height * 0.5);
  xfSetDist(res, (min(max(w.x, w.y), 0.0) + length(max(w, 0.0))) * THIS_StepScale);
  return res;
}
