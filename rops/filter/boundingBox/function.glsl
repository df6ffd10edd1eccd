ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 d = abs(p - THIS_Translate) - 0.5 * THIS_Size;
  float box = length(max(d, 0.0)) + min(max(d.x, max(d.y, d.z)), 0.0);
#else
  vec2 d = abs(p - THIS_Translate.xy) - 0.5 * THIS_Size.xy;
  float box = length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
#endif
  if (box > THIS_Margin) {
#if defined(THIS_RETURN_TYPE_Sdf)
    return createSdf(box);
#else
    return box;
#endif
  }
  return inputOp1(p, ctx);
}
