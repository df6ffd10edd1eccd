ReturnT thismap(CoordT p, ContextT ctx) {
  float e = THIS_Thickness;
  vec3 b = THIS_Size * 0.5;
#if defined(THIS_ThicknessMode_centered)
  b += e;
#elif defined(THIS_ThicknessMode_outset)
  b += 2.0 * e;
#endif
  vec3 a = abs(p - THIS_Translate) - b;
#if defined(THIS_BarShape_round)
  // Tubes of radius e around the edges of the box of half size b - e.
  vec3 c = a + e;
  vec3 o = max(c, 0.0);
  float d = min(min(length(vec3(o.x, c.y, c.z)), length(vec3(c.x, o.y, c.z))),
                length(vec3(c.x, c.y, o.z))) - e;
#else
  vec3 q = abs(a + e) - e;
  float d = min(min(
      length(max(vec3(a.x, q.y, q.z), 0.0)) + min(max(a.x, max(q.y, q.z)), 0.0),
      length(max(vec3(q.x, a.y, q.z), 0.0)) + min(max(q.x, max(a.y, q.z)), 0.0)),
      length(max(vec3(q.x, q.y, a.z), 0.0)) + min(max(q.x, max(q.y, a.z)), 0.0));
#endif
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV) && defined(THIS_UvMode_bounds)
  Sdf res = createSdf(d);
  res.uv = (p.xy - THIS_Translate.xy) / max(2.0 * b.xy, vec2(1e-6)) + 0.5;
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
