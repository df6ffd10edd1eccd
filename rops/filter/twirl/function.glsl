ReturnT thismap(CoordT p, ContextT ctx) {
  float previous = THIS_VAR;
#if defined(THIS_COORD_TYPE_vec2)
  THIS_VAR = 0.0;
#else
  THIS_VAR = dmAlong(p, THIS_AXIS);
#endif
#if defined(THIS_COORD_TYPE_vec2)
  CoordT c = THIS_Center_at(p, ctx).xy;
#else
  CoordT c = THIS_Center_at(p, ctx);
#endif
  CoordT d = p - c;
  vec2 w = dmPlane(d, THIS_AXIS);
  float f = max(1.0 - length(w) / max(THIS_Size_at(p, ctx), 1e-4), 0.0);
  float a = -radians(THIS_Amount_at(p, ctx)) * f * f;
  w = vec2(cos(a) * w.x - sin(a) * w.y, sin(a) * w.x + cos(a) * w.y);
  ReturnT res = inputOp1(c + dmUnplane(d, w, dmAlong(d, THIS_AXIS), THIS_AXIS), ctx);
  dmScaleDist(res, THIS_StepScale);
  THIS_VAR = previous;
  return res;
}
