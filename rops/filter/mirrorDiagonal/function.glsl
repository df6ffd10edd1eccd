ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = dmPlane(p, THIS_AXIS);
  // Which of the eight: the signs, then the side of the diagonal.
  float k = (w.x < 0.0 ? 1.0 : 0.0) + (w.y < 0.0 ? 2.0 : 0.0);
  w = abs(w);
  if (w.y > w.x) {
    w = w.yx;
    k += 4.0;
  }
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, 8.0, 0.0, 0.0);
#endif
  return inputOp1(dmUnplane(p, w, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
}
