ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  float s = THIS_Spacing;
  // Heights across the three families (their normals 60 degrees apart).
  vec3 h = vec3(q.y, dot(q, vec2(0.86602540378, -0.5)), dot(q, vec2(-0.86602540378, -0.5)));
  vec3 c = abs(h - s * floor(h / s + 0.5));
  float d = min(c.x, min(c.y, c.z)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
