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
  if (THIS_Clamp) {
#if defined(THIS_Extend_repeat)
    t = fract(t);
#elif defined(THIS_Extend_mirror)
    t = 1.0 - abs(mod(t, 2.0) - 1.0);
#elif defined(THIS_Extend_zero)
    if (t < 0.0 || t > 1.0) {
#if defined(THIS_RETURN_TYPE_vec4)
      return vec4(0.0);
#else
      return 0.0;
#endif
    }
#else
    t = clamp(t, 0.0, 1.0);
#endif
  }
#if defined(THIS_HAS_INPUT_1)
  t = inputOp1(t, ctx);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return mix(THIS_ColorA, THIS_ColorB, t);
#else
  return mix(THIS_ValueA, THIS_ValueB, t);
#endif
}
