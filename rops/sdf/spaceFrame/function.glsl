float THIS_segment(vec3 p, vec3 a, vec3 b) {
  vec3 pa = p - a;
  vec3 ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  return length(pa - ba * h);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float s = THIS_Spacing;
  float h = 0.5 * THIS_Depth;
  // Centre the cell on an upper node, then fold by the frame's mirrors
  // x = 0 and z = 0 of that node: the quarter cell 0 <= x, z <= s / 2.
  vec3 c = vec3(q.x - s * floor(q.x / s + 0.5), q.y, q.z - s * floor(q.z / s + 0.5));
  c.xz = abs(c.xz);
  float hs = 0.5 * s;
  // Upper chords through the node, lower chords along the cell's edges.
  float d = min(length(vec2(c.y - h, c.z)), length(vec2(c.y - h, c.x)));
  d = min(d, min(length(vec2(c.y + h, c.z - hs)), length(vec2(c.y + h, c.x - hs))));
  // The lower node at the quarter's corner and its four struts.
  vec3 low = vec3(hs, -h, hs);
  d = min(d, THIS_segment(c, low, vec3(0.0, h, 0.0)));
  d = min(d, THIS_segment(c, low, vec3(s, h, 0.0)));
  d = min(d, THIS_segment(c, low, vec3(0.0, h, s)));
  d = min(d, THIS_segment(c, low, vec3(s, h, s)));
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
