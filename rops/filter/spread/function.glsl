ReturnT thismap(CoordT p, ContextT ctx) {
  int axis = THIS_AXIS;
#if defined(THIS_COORD_TYPE_vec2)
  axis = min(axis, 1);
#endif
  float x = dmGet(p, axis) - THIS_Center;
  float h = 0.5 * max(THIS_Width, 0.0);
  // The upper half, moved up, cut below its face; the lower half alike.
  ReturnT up = inputOp1(dmSet(p, axis, dmGet(p, axis) - h), ctx);
  xfSetDist(up, max(xfDist(up), h - x));
  ReturnT down = inputOp1(dmSet(p, axis, dmGet(p, axis) + h), ctx);
  xfSetDist(down, max(xfDist(down), x + h));
  xfUnion(up, down, 0.0);
  return up;
}
