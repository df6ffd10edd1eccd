ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 c = THIS_Center.xy;
  vec2 h = 0.5 * THIS_Size.xy;
  CoordT q = mix(p, clamp(p, c - h, c + h), THIS_MASK.xy);
#else
  vec3 c = THIS_Center;
  vec3 h = 0.5 * THIS_Size;
  CoordT q = mix(p, clamp(p, c - h, c + h), THIS_MASK);
#endif
  return inputOp1(q, ctx);
}
