ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 uv = p.zy;
  float h = p.x;
#elif defined(THIS_Axis_y)
  vec2 uv = p.xz;
  float h = p.y;
#else
  vec2 uv = p.xy;
  float h = p.z;
#endif
  ReturnT res = inputOp1(uv, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  float d2 = res.x;
#else
  float d2 = res;
#endif
  vec2 w = vec2(d2, abs(h - THIS_Offset) - THIS_Height * 0.5);
  float d = min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = d;
#else
  res = d;
#endif
  return res;
}
