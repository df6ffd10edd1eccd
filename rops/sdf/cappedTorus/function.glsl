ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  vec2 sc = vec2(sin(an), cos(an));
  p.x = abs(p.x);
  float ra = THIS_Radius;
  float k = (sc.y * p.x > sc.x * p.y) ? dot(p.xy, sc) : length(p.xy);
  float d = sqrt(max(dot(p, p) + ra * ra - 2.0 * ra * k, 0.0)) - THIS_Thickness_at(p, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
