// The filled paths of an SVG drawing (see the `path` data style). With
// Acceleration tree (the default), searched through a tree over the paths'
// boxes and one over each path's segments (shaders/glyphs.glsl,
// rkOutlinesDistance): a step visits the paths and segments near the
// point. With scan, every path's box is measured at every step (the loop
// below). Both give the same distance. A path's winding is counted only
// where its box holds the point (a closed contour winds zero times around
// a point outside its box). Inside: inside any path, by its fill rule.
#ifdef THIS_Acceleration_scan
float THIS_scan(vec2 q) {
  float best = 1e6;
  bool inside = false;
  for (int g = 0; g < THIS_File_paths; g++) {
    float bd = rkBoxDistance2(q, THIS_File_box(g));
    bool inBox = bd == 0.0;
    if (bd >= best * best && !inBox) continue;
    vec4 place = THIS_File_place(g);
    int first = int(place.x);
    int count = int(place.y);
    int winding = 0;
    for (int s = 0; s < count; s++) {
      vec4 a = THIS_File_texel(first + 2 * s);
      vec4 b = THIS_File_texel(first + 2 * s + 1);
      if (inBox) winding += rkGlyphCrossing(q, a, b);
      best = min(best, rkGlyphSegment(q, a, b));
    }
    // Even-odd: an odd winding; nonzero: any.
    if (place.z > 0.5 ? (abs(winding) % 2) == 1 : winding != 0) inside = true;
  }
  return inside ? -best : best;
}
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  float size = max(THIS_Size, 1e-6);
  vec2 q = p / size;
#ifndef THIS_Acceleration_scan
  float d = rkOutlinesDistance(q, THIS_File_first, THIS_File_tree, 1e6, rkcExactWithin(0.0, THIS_Exact) / size);
#else
  float d = THIS_scan(q);
#endif
  d *= size;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
