ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3) && !defined(THIS_Axes_xyz)
  vec3 full = p - THIS_Point;
  float d = length(full.THIS_Axes);
#elif defined(THIS_COORD_TYPE_vec3)
  float d = length(p - THIS_Point);
#else
  float d = length(p - THIS_Point.xy);
#endif
  float x = d / max(THIS_Radius, 1e-6);
#if defined(THIS_Falloff_linear)
  float v = clamp(1.0 - x, 0.0, 1.0);
#elif defined(THIS_Falloff_smooth)
  float v = 1.0 - smoothstep(0.0, 1.0, x);
#elif defined(THIS_Falloff_inverseSquare)
  float v = 1.0 / (1.0 + x * x);
#elif defined(THIS_Falloff_gaussian)
  float v = exp(-x * x);
#else
  float v = d;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
