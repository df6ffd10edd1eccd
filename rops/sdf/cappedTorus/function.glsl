ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // The ring's plane (x, y) and its axis (z), kept right-handed.
#if defined(THIS_Axis_x)
  p = p.yzx;
#elif defined(THIS_Axis_y)
  p = p.zxy;
#endif
  // The arc's middle at +y turned by Angle offset: the point turned back.
  float off = radians(THIS_AngleOffset);
  if (off != 0.0) {
    p.xy = vec2(cos(off) * p.x + sin(off) * p.y, -sin(off) * p.x + cos(off) * p.y);
  }
  float an = radians(clamp(THIS_Angle, 0.0, 180.0));
  // The angle from the arc's middle, positive towards -x.
  float side = atan(-p.x, p.y);
  float along = side / max(2.0 * an, 1e-6) + 0.5;
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(degrees(side), along, 0.0, 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = along;
#endif
  vec2 sc = vec2(sin(an), cos(an));
  p.x = abs(p.x);
  float ra = THIS_Radius;
  float k = (sc.y * p.x > sc.x * p.y) ? dot(p.xy, sc) : length(p.xy);
  float d = sqrt(max(dot(p, p) + ra * ra - 2.0 * ra * k, 0.0)) - THIS_Thickness_at(p, ctx);
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
