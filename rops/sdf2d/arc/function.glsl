ReturnT thismap(CoordT p, ContextT ctx) {
  p = xfRotate(p - THIS_Translate, -radians(THIS_Rotate));
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  float previous = THIS_VAR;
  THIS_VAR = clamp((atan(p.x, p.y) + an) / max(2.0 * an, 1e-6), 0.0, 1.0);
  vec2 sc = vec2(sin(an), cos(an));
  float ra = THIS_Radius;
  p.x = abs(p.x);
  float d = ((sc.y * p.x > sc.x * p.y) ? length(p - sc * ra) : abs(length(p) - ra)) - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
