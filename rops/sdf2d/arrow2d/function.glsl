ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 ab = THIS_End - THIS_Start;
  float len = max(length(ab), 1e-6);
  vec2 u = ab / len;
  vec2 v = vec2(-u.y, u.x);
  vec2 q = p - THIS_Start;
  // The outline in the arrow's own frame: x along it, y across.
  vec2 l = vec2(dot(q, u), dot(q, v));
  float w = 0.5 * THIS_ShaftWidth;
  float hw = max(0.5 * THIS_HeadWidth, w);
  float hb = len - clamp(THIS_HeadLength, 0.0, len);
  vec2 outline[8] = vec2[8](vec2(0.0, -w), vec2(hb, -w), vec2(hb, -hw), vec2(len, 0.0),
                            vec2(hb, hw), vec2(hb, w), vec2(0.0, w), vec2(0.0));
  float d = rkpPolygon8(l, outline, 7);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
