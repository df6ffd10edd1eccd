// Exact, but most glyphs cost one box distance. The glyph whose box is
// nearest is searched first, which gives a distance that is usually close;
// then each other glyph whose box comes nearer than the best distance so
// far, and in each glyph only the segments whose box (their control
// points') does. Only glyphs whose box holds the point add to its winding
// (a closed contour winds zero times around a point outside its box).
float THIS_boxDistance(vec2 q, vec4 box) {
  return length(max(max(box.xy - q, q - box.zw), vec2(0.0)));
}

// Searches glyph g: lowers best, adds to winding.
void THIS_glyph(vec2 q, int g, bool inBox, inout float best, inout int winding) {
  vec4 place = THIS_Font_place(g);
  vec2 local = q - place.zw;
  int first = int(place.x);
  int count = int(place.y);
  for (int s = 0; s < count; s++) {
    vec4 a = THIS_Font_texel(first + 2 * s);
    vec4 b = THIS_Font_texel(first + 2 * s + 1);
    if (inBox) winding += rkGlyphCrossing(local, a, b);
    vec2 lo = min(min(a.xy, a.zw), b.xy);
    vec2 hi = max(max(a.xy, a.zw), b.xy);
    vec2 off = max(max(lo - local, local - hi), vec2(0.0));
    if (dot(off, off) >= best * best) continue;
    best = min(best, rkGlyphSegment(local, a, b));
  }
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float size = max(THIS_Size, 1e-6);
  vec2 q = p / size;
  float best = 1e6;
  int winding = 0;
  int nearest = -1;
  float nearestDistance = 1e6;
  for (int g = 0; g < THIS_Font_glyphs; g++) {
    float bd = THIS_boxDistance(q, THIS_Font_box(g));
    if (bd < nearestDistance) {
      nearestDistance = bd;
      nearest = g;
    }
  }
  if (nearest >= 0) THIS_glyph(q, nearest, nearestDistance == 0.0, best, winding);
  for (int g = 0; g < THIS_Font_glyphs; g++) {
    if (g == nearest) continue;
    float bd = THIS_boxDistance(q, THIS_Font_box(g));
    bool inBox = bd == 0.0;
    if (bd >= best && !inBox) continue;
    THIS_glyph(q, g, inBox, best, winding);
  }
  float d = (winding != 0 ? -best : best) * size;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
