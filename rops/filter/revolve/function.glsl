ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 uv = vec2(length(p.yz) - THIS_Offset, p.x);
  float a = atan(p.z, p.y) / TAU;
#elif defined(THIS_Axis_z)
  vec2 uv = vec2(length(p.xy) - THIS_Offset, p.z);
  float a = atan(p.y, p.x) / TAU;
#else
  vec2 uv = vec2(length(p.xz) - THIS_Offset, p.y);
  float a = atan(p.z, p.x) / TAU;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  if (THIS_Iterate) {
    ctx.iteration.x = a;
  }
#endif
  // The profile turned, scaled and moved by functions of the angle ratio.
#ifdef THIS_HAS_INPUT_2
  uv = xfRotate(uv, -radians(inputOp2(a, ctx)));
#endif
#ifdef THIS_HAS_INPUT_3
  float s = inputOp3(a, ctx);
  uv /= s;
#endif
#ifdef THIS_HAS_INPUT_4
  uv -= inputOp4(a, ctx).xy;
#endif
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(360.0 * a, 0.5 + a, 0.0, 0.0);
  ReturnT res = inputOp1(uv, ctx);
  THIS_VAR = previous;
#ifdef THIS_HAS_INPUT_3
  xfSetDist(res, xfDist(res) * s);
#endif
  return res;
}
