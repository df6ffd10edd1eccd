ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 z = dmPlane(p, THIS_AXIS);
  float a = radians(THIS_Rotate);
  vec2 k = THIS_Scale * vec2(cos(a), sin(a));
  vec2 zb = z - THIS_B;
  vec2 w = cxMul(k, cxDiv(z - THIS_A, zb));
  // |f'(z)| = Scale |A - B| / |z - B|^2.
  float g = THIS_Scale * length(THIS_A - THIS_B) / max(dot(zb, zb), 1e-12);
  ReturnT res = inputOp1(dmUnplane(p, w, dmAlong(p, THIS_AXIS), THIS_AXIS), ctx);
  dmScaleDist(res, THIS_StepScale / max(g, 1e-3));
  return res;
}
