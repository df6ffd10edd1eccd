ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 c = THIS_Center_at(p, ctx).xy;
  vec2 h = 0.5 * THIS_Size_at(p, ctx).xy;
  CoordT q = mix(p, clamp(p, c - h, c + h), THIS_MASK.xy);
#else
  vec3 c = THIS_Center_at(p, ctx);
  vec3 h = 0.5 * THIS_Size_at(p, ctx);
  CoordT q = mix(p, clamp(p, c - h, c + h), THIS_MASK);
#endif
  return inputOp1(q, ctx);
}
