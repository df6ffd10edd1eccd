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
  ReturnT res = inputOp1(uv, ctx);
  float b = clamp(THIS_Bevel, 0.0, 0.5 * THIS_Height);
  float d2 = xfDist(res);
  float dh = abs(h) - 0.5 * THIS_Height;
#if defined(THIS_Style_chamfer)
  vec2 w = vec2(d2, dh);
  float slab = min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
  // The 45 degree plane that cuts each edge back by b along both faces.
  float d = max(slab, (d2 + dh + b) * 0.70710678);
#else
  vec2 w = vec2(d2 + b, dh + b);
  float d = min(max(w.x, w.y), 0.0) + length(max(w, 0.0)) - b;
#endif
  xfSetDist(res, d);
  return res;
}
