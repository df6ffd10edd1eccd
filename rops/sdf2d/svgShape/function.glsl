// The filled paths of an SVG drawing (see the `path` data style). Each
// path's segments are searched only where its box is nearer than the best
// distance so far; its winding is counted only where its box holds the
// point (a closed contour winds zero times around a point outside its
// box). Inside: inside any path, by that path's fill rule.
float THIS_boxDistance(vec2 q, vec4 box) {
  return length(max(max(box.xy - q, q - box.zw), vec2(0.0)));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float size = max(THIS_Size, 1e-6);
  vec2 q = p / size;
  float best = 1e6;
  bool inside = false;
  for (int g = 0; g < THIS_File_paths; g++) {
    float bd = THIS_boxDistance(q, THIS_File_box(g));
    bool inBox = bd == 0.0;
    if (bd >= best && !inBox) continue;
    vec4 place = THIS_File_place(g);
    int first = int(place.x);
    int count = int(place.y);
    int winding = 0;
    for (int s = 0; s < count; s++) {
      vec4 a = THIS_File_texel(first + 2 * s);
      vec4 b = THIS_File_texel(first + 2 * s + 1);
      if (inBox) winding += rkGlyphCrossing(q, a, b);
      vec2 lo = min(min(a.xy, a.zw), b.xy);
      vec2 hi = max(max(a.xy, a.zw), b.xy);
      vec2 off = max(max(lo - q, q - hi), vec2(0.0));
      if (dot(off, off) >= best * best) continue;
      best = min(best, rkGlyphSegment(q, a, b));
    }
    // Even-odd: an odd winding; nonzero: any.
    if (place.z > 0.5 ? (abs(winding) % 2) == 1 : winding != 0) inside = true;
  }
  float d = (inside ? -best : best) * size;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
