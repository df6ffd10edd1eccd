ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  vec2 sc = vec2(sin(an), cos(an));
  float ra = THIS_Radius;
  p.x = abs(p.x);
  float d = ((sc.y * p.x > sc.x * p.y) ? length(p - sc * ra) : abs(length(p) - ra)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
