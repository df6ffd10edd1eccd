float THIS_segment(vec3 p, vec3 a, vec3 b) {
  vec3 pa = p - a;
  vec3 ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  return length(pa - ba * h);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 pts[8] = vec3[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  int n = clamp(THIS_Count, 2, 8);
  float best = 1e20;
  for (int i = 0; i < 7; i++) {
    if (i + 1 >= n) break;
    best = min(best, THIS_segment(p, pts[i], pts[i + 1]));
  }
  float d = best - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
