ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate;
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy;
#endif
  // Measured in cell units; divided by the frequency it is a world distance.
  float v = cellBorder(q, clamp(THIS_Jitter, 0.0, 1.0)) / max(THIS_Scale, 1e-6);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
