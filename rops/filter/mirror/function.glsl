ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 o = THIS_Offset;
#else
  vec2 o = THIS_Offset.xy;
#endif
  CoordT q = p - o;
  float flipAll = THIS_Flip ? -1.0 : 1.0;
  // The side kept on each axis (+1: positive), and the copies' push.
  vec3 sgn = flipAll * vec3(THIS_NegX ? -1.0 : 1.0, THIS_NegY ? -1.0 : 1.0, THIS_NegZ ? -1.0 : 1.0);
  vec3 push = THIS_Shift;
  float idx = 0.0;
  float count = 1.0;
  if (THIS_MirrorX) {
    if (q.x * sgn.x < 0.0) idx += 1.0;
    q.x = (abs(q.x) - push.x) * sgn.x;
    count *= 2.0;
  }
  if (THIS_MirrorY) {
    if (q.y * sgn.y < 0.0) idx += 2.0;
    q.y = (abs(q.y) - push.y) * sgn.y;
    count *= 2.0;
  }
#if defined(THIS_COORD_TYPE_vec3)
  if (THIS_MirrorZ) {
    if (q.z * sgn.z < 0.0) idx += 4.0;
    q.z = (abs(q.z) - push.z) * sgn.z;
    count *= 2.0;
  }
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(idx, count, 0.0, 0.0);
#endif
  return inputOp1(q + o, ctx);
}
