// Copy i: the input moved out along the plane's first axis, then turned by
// Rotate + i * 360 / Count about the axis. Evaluating it undoes both.
ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Axis_x)
  vec2 w = p.zy;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
#else
  vec2 w = p.xz;
#endif
  w = xfRotate(w, -(radians(THIS_Rotate) + TAU * float(i) / float(n)));
  w.x -= THIS_Radius;
  CoordT q = p;
#if defined(THIS_COORD_TYPE_vec2)
  q = w;
#elif defined(THIS_Axis_x)
  q.zy = w;
#elif defined(THIS_Axis_z)
  q.xy = w;
#else
  q.xz = w;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(float(i), float(n), 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int n = clamp(THIS_Count, 1, 64);
  ReturnT res = THIS_copy(p, 0, n, ctx);
  for (int i = 1; i < 64; i++) {
    if (i >= n) break;
    xfUnion(res, THIS_copy(p, i, n, ctx), THIS_Blend);
  }
  return res;
}
