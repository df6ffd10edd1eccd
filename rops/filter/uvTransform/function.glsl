// One step of the transform on w, the UV relative to the pivot.
vec2 THIS_step(vec2 w, int k, float c, float s) {
  if (k == 0) return w * THIS_Scale;
  if (k == 1) return vec2(c * w.x - s * w.y, s * w.x + c * w.y);
  return w + THIS_Offset;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  float a = radians(THIS_Rotate);
  float c = cos(a);
  float s = sin(a);
#if defined(THIS_Order_srt)
  vec2 w = (res.uv - THIS_Pivot) * THIS_Scale;
  res.uv = THIS_Pivot + vec2(c * w.x - s * w.y, s * w.x + c * w.y) + THIS_Offset;
#else
  // The steps in order: 0 scale, 1 rotate, 2 offset.
#if defined(THIS_Order_str)
  ivec3 order = ivec3(0, 2, 1);
#elif defined(THIS_Order_rst)
  ivec3 order = ivec3(1, 0, 2);
#elif defined(THIS_Order_rts)
  ivec3 order = ivec3(1, 2, 0);
#elif defined(THIS_Order_tsr)
  ivec3 order = ivec3(2, 0, 1);
#else
  ivec3 order = ivec3(2, 1, 0);
#endif
  vec2 w = res.uv - THIS_Pivot;
  w = THIS_step(w, order.x, c, s);
  w = THIS_step(w, order.y, c, s);
  w = THIS_step(w, order.z, c, s);
  res.uv = THIS_Pivot + w;
#endif
  return res;
}
