float THIS_bar(vec3 q, float len, float t) {
  // A bar along x: q.x runs along it, q.yz across.
#if defined(THIS_Shape_round)
  vec2 w = vec2(length(q.yz) - t, abs(q.x) - len);
  return min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
#else
  vec3 e = abs(q) - vec3(len, t, t);
  return length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float len = THIS_Length;
  float t = THIS_Thickness;
  float d = min(THIS_bar(q, len, t), min(THIS_bar(q.yzx, len, t), THIS_bar(q.zxy, len, t)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
