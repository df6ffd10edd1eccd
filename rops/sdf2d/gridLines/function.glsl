ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 s = THIS_Spacing;
  vec2 q = p - THIS_Translate;
  vec2 c = abs(q - s * floor(q / s + 0.5));
  float d = min(c.x, c.y) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
