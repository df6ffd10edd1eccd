ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c[8] = vec3[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  int n = clamp(THIS_Count, 1, 8);
  float r2 = THIS_Radius * THIS_Radius;
  float v = 0.0;
  for (int i = 0; i < 8; i++) {
    if (i >= n) break;
#if defined(THIS_COORD_TYPE_vec3)
    vec3 d = p - c[i];
#else
    vec2 d = p - c[i].xy;
#endif
    float s = max(1.0 - dot(d, d) / r2, 0.0);
    v += s * s * s;
  }
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
