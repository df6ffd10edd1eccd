ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec4 c = voronoiNoise(p * THIS_Scale * THIS_Stretch + THIS_Translate, clamp(THIS_Jitter, 0.0, 1.0), THIS_HashOffset);
#else
  vec4 c = voronoiNoise(p * THIS_Scale * THIS_Stretch.xy + THIS_Translate.xy, clamp(THIS_Jitter, 0.0, 1.0), THIS_HashOffset.xy);
#endif
#if defined(THIS_Mode_f2)
  float v = c.y;
#elif defined(THIS_Mode_edge)
  float v = c.y - c.x;
#elif defined(THIS_Mode_cell)
  float v = c.z;
#else
  float v = c.x;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
#if defined(THIS_Mode_cell)
  return vec4(0.5 + 0.5 * cos(TAU * (v + vec3(0.0, 0.33, 0.67))), 1.0);
#else
  return vec4(vec3(v), 1.0);
#endif
#else
  return v;
#endif
}
