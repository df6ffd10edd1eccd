ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  float r = THIS_Radius;
  float an = PI / max(float(THIS_Sides), 3.0);
  vec2 acs = vec2(cos(an), sin(an));
  p.x = abs(p.x);
  float bn = mod(atan(p.x, p.y), 2.0 * an) - an;
  p = length(p) * vec2(cos(bn), abs(sin(bn)));
  p -= r * acs;
  p.y += clamp(-p.y, 0.0, r * acs.y);
  float d = length(p) * sign(p.x);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
