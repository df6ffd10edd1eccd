RkPattern THIS_measure(vec2 q) {
  float n = float(max(THIS_Count, 1));
  float turn = atan(q.y, q.x) / TAU;
  turn = turn < 0.0 ? turn + 1.0 : turn;
  // All blob centres lie on one circle: the nearest by angle is nearest.
  float k = mod(floor(turn * n + 0.5), n);
  float a = TAU * k / n;
  vec2 c = THIS_Radius * vec2(cos(a), sin(a));
  RkPattern r;
  r.dist = THIS_BlobRadius - length(q - c);
  r.cell = k / n;
  r.extra = turn;
  return r;
}
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = rkPatternSpace(p.THIS_Plane, THIS_Translate, THIS_Rotate);
#else
  vec2 q = rkPatternSpace(p, THIS_Translate, THIS_Rotate);
#endif
  RkPattern r = THIS_measure(q);
#if defined(THIS_RETURN_TYPE_vec4)
  return rkPatternColor(rkPatternMask(r.dist, THIS_Softness), r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#else
  return rkPatternFloat(r, THIS_OUTPUT, THIS_Softness);
#endif
}
