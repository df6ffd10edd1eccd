ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Scale, 1e-6);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale * THIS_Stretch + THIS_Translate;
  vec4 c = cellBorderVec(q, clamp(THIS_Jitter, 0.0, 1.0), THIS_HashOffset);
#else
  vec2 q = p * THIS_Scale * THIS_Stretch.xy + THIS_Translate.xy;
  vec4 c = cellBorderVec(q, clamp(THIS_Jitter, 0.0, 1.0), THIS_HashOffset.xy);
#endif
  // Measured in cell units; divided by the frequency it is a world distance.
  float v = c.x / s;
#if defined(THIS_RETURN_TYPE_vec4)
#if defined(THIS_Vec4_packed)
#if defined(THIS_COORD_TYPE_vec3)
  return vec4(v, -c.yzw / (s * THIS_Stretch));
#else
  return vec4(v, -c.yz / (s * THIS_Stretch.xy), 1.0);
#endif
#else
  return vec4(vec3(v), 1.0);
#endif
#else
  return v;
#endif
}
