vec2 THIS_rotate(vec2 v, float a) {
  float c = cos(a);
  float s = sin(a);
  return vec2(c * v.x - s * v.y, s * v.x + c * v.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float k = radians(THIS_Rate_at(p, ctx));
  vec3 q = p;
#if defined(THIS_Axis_x)
  q.yz = THIS_rotate(q.yz, k * (p.x + THIS_Shift));
#elif defined(THIS_Axis_z)
  q.xy = THIS_rotate(q.xy, k * (p.z + THIS_Shift));
#else
  q.zx = THIS_rotate(q.zx, k * (p.y + THIS_Shift));
#endif
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#else
  res *= THIS_StepScale;
#endif
  return res;
}
