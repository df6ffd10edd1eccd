// Glyph boxes first: a glyph whose box lies further than the nearest
// segment found so far cannot hold a nearer point, so it costs one box
// distance. Only glyphs whose box holds the point add to its winding (a
// closed contour winds zero times around a point outside its box).
ReturnT thismap(CoordT p, ContextT ctx) {
  float size = max(THIS_Size, 1e-6);
  vec2 q = p / size;
  float best = 1e6;
  int winding = 0;
  for (int g = 0; g < THIS_Font_glyphs; g++) {
    vec4 box = THIS_Font_box(g);
    vec2 outside = max(max(box.xy - q, q - box.zw), vec2(0.0));
    float boxDistance = length(outside);
    if (boxDistance >= best) continue;
    vec4 place = THIS_Font_place(g);
    vec2 local = q - place.zw;
    int first = int(place.x);
    int count = int(place.y);
    for (int s = 0; s < count; s++) {
      vec4 a = THIS_Font_texel(first + 2 * s);
      vec4 b = THIS_Font_texel(first + 2 * s + 1);
      best = min(best, rkGlyphSegment(local, a, b));
      if (boxDistance == 0.0) winding += rkGlyphCrossing(local, a, b);
    }
  }
  float d = (winding != 0 ? -best : best) * size;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
