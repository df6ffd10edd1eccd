ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf res = inputOp1(p, ctx);
  float a = radians(THIS_Rotate);
  float c = cos(a);
  float s = sin(a);
  vec2 w = (res.uv - THIS_Pivot) * THIS_Scale;
  res.uv = THIS_Pivot + vec2(c * w.x - s * w.y, s * w.x + c * w.y) + THIS_Offset;
  return res;
}
