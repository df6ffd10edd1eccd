ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 a = THIS_Start;
  vec3 b = THIS_End;
#else
  vec2 a = THIS_Start.xy;
  vec2 b = THIS_End.xy;
#endif
#if defined(THIS_Type_radial)
  float t = length(p - a) / max(length(b - a), 1e-6);
#else
  float t = dot(p - a, b - a) / max(dot(b - a, b - a), 1e-12);
#endif
  if (THIS_Clamp) t = clamp(t, 0.0, 1.0);
#if defined(THIS_RETURN_TYPE_vec4)
  return mix(THIS_ColorA, THIS_ColorB, t);
#else
  return t;
#endif
}
