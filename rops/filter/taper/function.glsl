ReturnT thismap(CoordT p, ContextT ctx) {
  int axis = THIS_AXIS;
#if defined(THIS_COORD_TYPE_vec2)
  axis = min(axis, 1);
#endif
  float h = dmGet(p, axis);
  float s = max(1.0 + THIS_Rate * (h - THIS_Center), 0.05);
  CoordT q = dmSet(p / s, axis, h);
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, THIS_StepScale * min(s, 1.0));
  return res;
}
