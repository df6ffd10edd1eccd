ReturnT thismap(CoordT p, ContextT ctx) {
  p = xfRotate(p - THIS_Translate, -radians(THIS_Rotate));
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  vec2 c = vec2(sin(an), cos(an));
  float r = THIS_Radius;
  p.x = abs(p.x);
  float l = length(p) - r;
  float m = length(p - c * clamp(dot(p, c), 0.0, r));
  float d = max(l, m * sign(c.y * p.x - c.x * p.y));
#if defined(THIS_Shape_ring)
  // The annular sector: the nearest of its two arcs (radially while within
  // the aperture, else their ends) and its straight edge from ri to r;
  // negative inside.
  float ri = clamp(THIS_InnerRadius, 0.0, r);
  float rho = length(p);
  bool within = atan(p.x, p.y) <= an;
  float arcs = within ? min(abs(rho - ri), abs(rho - r))
                      : min(length(p - c * ri), length(p - c * r));
  vec2 e = c * clamp(dot(p, c), ri, r);
  float side = length(p - e);
  float dr = min(arcs, side);
  d = (within && rho >= ri && rho <= r) ? -dr : dr;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
