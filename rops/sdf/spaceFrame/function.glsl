float THIS_segment(vec3 p, vec3 a, vec3 b) {
  vec3 pa = p - a;
  vec3 ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  return length(pa - ba * h);
}

// The cubic cell of side s with its corner at the origin: its twelve edges
// and one diagonal on each face, the six together joining the corners that
// lie one or two steps along the axes from the origin.
float THIS_cell(vec3 c, float s) {
  vec3 e = abs(c - 0.5 * s) - 0.5 * s;
  vec3 o = max(e, 0.0);
  float d = min(min(length(vec3(o.x, e.y, e.z)), length(vec3(e.x, o.y, e.z))), length(vec3(e.x, e.y, o.z)));
  vec3 a = vec3(s, 0.0, 0.0);
  vec3 b = vec3(0.0, s, 0.0);
  vec3 z = vec3(0.0, 0.0, s);
  d = min(d, min(THIS_segment(c, b, z), min(THIS_segment(c, z, a), THIS_segment(c, a, b))));
  d = min(d, min(THIS_segment(c, a + z, a + b), min(THIS_segment(c, a + b, b + z), THIS_segment(c, b + z, a + z))));
  return d;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float s = THIS_Spacing;
#if defined(THIS_Layout_cubic)
  // The cell the point lies in (held to the patch of Cells, centred on the
  // origin; endless along an axis with 0 cells), its corner at the origin.
  vec3 n = max(floor(THIS_Cells + 0.5), 0.0);
  vec3 half_ = mix(vec3(0.5), 0.5 * n, step(0.5, n));
  vec3 k = floor(q / s + half_);
  k = mix(k, clamp(k, vec3(0.0), n - 1.0), step(0.5, n));
  float d = THIS_cell(q - (k - half_) * s, s) - THIS_Thickness;
#else
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
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
