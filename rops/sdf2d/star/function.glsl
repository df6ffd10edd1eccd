ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  vec2 rel = p;
  float r = THIS_Radius;
  float an = PI / max(float(THIS_Points), 3.0);
  vec2 acs = vec2(cos(an), sin(an));
  // The edge from a tip to the next inner corner, at radius Inner * r.
  float en = atan(acs.y, acs.x - clamp(THIS_Inner, 0.01, 0.999));
  vec2 ecs = vec2(cos(en), sin(en));
  p.x = abs(p.x);
  float bn = mod(atan(p.x, p.y), 2.0 * an) - an;
  p = length(p) * vec2(cos(bn), abs(sin(bn)));
  p -= r * acs;
  p += ecs * clamp(-dot(p, ecs), 0.0, r * acs.y / ecs.y);
  float d = length(p) * sign(p.x);
#if defined(ROPKIT_SDF_UV) && defined(THIS_RETURN_TYPE_Sdf) && !defined(THIS_UvMode_none)
  Sdf res = createSdf(d);
#if defined(THIS_UvMode_polar)
  res.uv = vec2(fract(atan(rel.y, rel.x) / TAU + 1.0), length(rel) / max(r, 1e-6));
#else
  res.uv = rel / max(2.0 * r, 1e-6) + 0.5;
#endif
  return res;
#elif defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}
