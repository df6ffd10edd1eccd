ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 b = vec2(THIS_Length, min(THIS_Width, THIS_Length)) * 0.5;
  p = abs(p - THIS_Translate);
  p = (p.y > p.x) ? p.yx : p.xy;
  vec2 q = p - b;
  float k = max(q.y, q.x);
  vec2 w = (k > 0.0) ? q : vec2(b.y - p.x, -k);
  float d = sign(k) * length(max(w, 0.0)) - THIS_Rounding;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
