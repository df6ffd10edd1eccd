ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = xfRotate(dmPlane(p, THIS_AXIS), -radians(THIS_RotateAxis));
  // Which of the eight: the signs, then the side of the diagonal.
  float k = (w.x < 0.0 ? 1.0 : 0.0) + (w.y < 0.0 ? 2.0 : 0.0);
  w = abs(w) - THIS_Size;
  if (w.y > w.x) {
    w = w.yx;
    k += 4.0;
  }
  w -= THIS_Offset;
#if defined(THIS_CONTEXT_TYPE_Context)
  if (THIS_Iterate) {
    ctx.iteration = vec4(k, 8.0, 0.0, 0.0);
  }
#endif
  return inputOp1(dmUnplane(p, w, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
}
