ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 pts[8] = vec3[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  int n = clamp(THIS_Count, 1, 8);
  float d1 = 1e20;
  float d2 = 1e20;
  for (int i = 0; i < 8; i++) {
    if (i >= n) break;
#if defined(THIS_COORD_TYPE_vec3)
    float d = length(p - pts[i]);
#else
    float d = length(p - pts[i].xy);
#endif
    // Keep the two smallest.
    d2 = min(d2, max(d1, d));
    d1 = min(d1, d);
  }
  // With one point there is no second: the second falls back to the first.
  if (n < 2) d2 = d1;
#if defined(THIS_Mode_second)
  float v = d2;
#elif defined(THIS_Mode_border)
  float v = d2 - d1;
#else
  float v = d1;
#endif
#if defined(THIS_RETURN_TYPE_vec4) && defined(THIS_Vec4_separate)
#if defined(THIS_COORD_TYPE_vec3)
  return vec4(length(p - pts[0]), length(p - pts[1]), length(p - pts[2]), length(p - pts[3]));
#else
  return vec4(length(p - pts[0].xy), length(p - pts[1].xy), length(p - pts[2].xy), length(p - pts[3].xy));
#endif
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
