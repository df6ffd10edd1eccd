ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  vec2 c = vec2(sin(an), cos(an));
  float r = THIS_Radius;
  p.x = abs(p.x);
  float l = length(p) - r;
  float m = length(p - c * clamp(dot(p, c), 0.0, r));
  float d = max(l, m * sign(c.y * p.x - c.x * p.y));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
