ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  CoordT c = THIS_Center.xy;
#else
  CoordT c = THIS_Center;
#endif
  CoordT d = p - c;
  float g = max(THIS_Factor, 1.001);
  float r = max(length(d), 1e-9);
  float level = floor(log(r) / log(g) - THIS_Phase) + THIS_Phase;
  float f = pow(g, level);
  d /= f;
  float a = -radians(THIS_Angle) * level;
  vec2 w = dmPlane(d, THIS_AXIS);
  w = vec2(cos(a) * w.x - sin(a) * w.y, sin(a) * w.x + cos(a) * w.y);
  d = dmUnplane(d, w, dmAlong(d, THIS_AXIS), THIS_AXIS);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(level, 0.0, 0.0, 0.0);
#endif
  ReturnT res = inputOp1(d, ctx);
  dmScaleDist(res, f);
  return res;
}
