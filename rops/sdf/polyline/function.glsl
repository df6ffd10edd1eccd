// The distance to the segment and where along it the nearest point lies.
vec2 THIS_segment(vec3 p, vec3 a, vec3 b) {
  vec3 pa = p - a;
  vec3 ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  return vec2(length(pa - ba * h), h);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 pts[8] = vec3[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  int n = clamp(THIS_Count, 2, 8);
  float best = 1e20;
  // The nearest segment, the position in it, the length before it, and
  // the whole length.
  vec4 at = vec4(0.0);
  float atLength = 0.0;
  float run = 0.0;
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
#else
  float previous = THIS_VAR;
#endif
#if defined(THIS_Mode_pairs)
  // Separate segments: points 1 to 2, 3 to 4, and so on.
  for (int i = 0; i < 4; i++) {
    if (2 * i + 1 >= n) break;
    vec3 a = pts[2 * i];
    vec3 b = pts[2 * i + 1];
    vec2 s = THIS_segment(p, a, b);
    if (s.x < best) {
      at = vec4(float(i), s.y, run, 0.0);
      atLength = length(b - a);
    }
    best = min(best, s.x);
    run += length(b - a);
  }
#elif defined(THIS_Mode_fields)
  // Separate segments from Point A to Point B, read for each segment with
  // its number provided, so fields on them can place every segment.
  int segments = clamp(THIS_Segments, 1, 32);
  for (int i = 0; i < 32; i++) {
    if (i >= segments) break;
    float norm = float(i) / float(max(segments - 1, 1));
#if defined(THIS_Type_vec4)
    THIS_VAR = vec4(float(i), norm, 0.0, 0.0);
#else
    THIS_VAR = norm;
#endif
    vec3 a = THIS_PointA;
    vec3 b = THIS_PointB;
    vec2 s = THIS_segment(p, a, b);
    if (s.x < best) {
      at = vec4(float(i), s.y, run, 0.0);
      atLength = length(b - a);
    }
    best = min(best, s.x);
    run += length(b - a);
  }
#else
  for (int i = 0; i < 7; i++) {
    if (i + 1 >= n) break;
    vec2 s = THIS_segment(p, pts[i], pts[i + 1]);
    if (s.x < best) {
      at = vec4(float(i), s.y, run, 0.0);
      atLength = length(pts[i + 1] - pts[i]);
    }
    best = min(best, s.x);
    run += length(pts[i + 1] - pts[i]);
  }
#endif
  float along = at.z + at.y * atLength;
  float normAlong = along / max(run, 1e-12);
#if defined(THIS_Type_vec4)
  THIS_VAR = vec4(at.x, at.y, along, normAlong);
#else
  THIS_VAR = normAlong;
#endif
  float d = best - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
