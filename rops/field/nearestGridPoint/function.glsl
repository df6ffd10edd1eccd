ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = max(THIS_Spacing, vec3(1e-6));
  vec3 g = THIS_Offset + s * floor((p - THIS_Offset) / s + 0.5);
  vec4 pos = vec4(g, 1.0);
#else
  vec2 s = max(THIS_Spacing.xy, vec2(1e-6));
  vec2 g = THIS_Offset.xy + s * floor((p - THIS_Offset.xy) / s + 0.5);
  vec4 pos = vec4(g, 0.0, 1.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return pos;
#else
  return length(p - g);
#endif
}
