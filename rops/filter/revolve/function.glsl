ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 uv = vec2(length(p.yz) - THIS_Offset, p.x);
#elif defined(THIS_Axis_z)
  vec2 uv = vec2(length(p.xy) - THIS_Offset, p.z);
#else
  vec2 uv = vec2(length(p.xz) - THIS_Offset, p.y);
#endif
  return inputOp1(uv, ctx);
}
