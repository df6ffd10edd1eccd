#if defined(THIS_Axes_xy)
#define THIS_MASK vec3(1.0, 1.0, 0.0)
#elif defined(THIS_Axes_yz)
#define THIS_MASK vec3(0.0, 1.0, 1.0)
#elif defined(THIS_Axes_zx)
#define THIS_MASK vec3(1.0, 0.0, 1.0)
#elif defined(THIS_Axes_x)
#define THIS_MASK vec3(1.0, 0.0, 0.0)
#elif defined(THIS_Axes_y)
#define THIS_MASK vec3(0.0, 1.0, 0.0)
#elif defined(THIS_Axes_z)
#define THIS_MASK vec3(0.0, 0.0, 1.0)
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = max(THIS_Spacing, vec3(1e-6));
  vec3 g = THIS_Offset + s * floor((p - THIS_Offset) / s + 0.5);
#ifdef THIS_MASK
  g = mix(p, g, THIS_MASK);
#endif
  vec4 pos = vec4(g, 1.0);
#else
  vec2 s = max(THIS_Spacing.xy, vec2(1e-6));
  vec2 g = THIS_Offset.xy + s * floor((p - THIS_Offset.xy) / s + 0.5);
#ifdef THIS_MASK
  g = mix(p, g, THIS_MASK.xy);
#endif
  vec4 pos = vec4(g, 0.0, 1.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return pos;
#else
  return length(p - g);
#endif
}
