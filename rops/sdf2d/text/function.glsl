// Exact within Exact of the outlines, a bound farther out (far glyphs and
// segments stand in by their boxes: rkcFar in shaders/curves.glsl). With
// Acceleration tree (auto: from 32 glyphs on), the glyphs are searched
// through a tree over their boxes, and each glyph's segments through a tree
// over theirs (shaders/glyphs.glsl, rkOutlinesDistance), so a step visits
// the few glyphs and segments near the point. With scan, every glyph's box
// is measured at every step (the loop below). Both give the same distance:
// the nearest segment's. A glyph adds to the winding only where its box
// holds the point (a closed contour winds zero times around a point outside
// its box); the text is filled where any glyph is, by the nonzero rule.
// Acceleration auto: the tree from 32 glyphs on; below, the scan costs about
// as much a step and compiles faster.
#if defined(THIS_Acceleration_scan) || (defined(THIS_Acceleration_auto) && THIS_Font_glyphs < 32)
#define THIS_SCAN
#endif

#ifdef THIS_SCAN
// Searches glyph g: lowers best, adds to winding.
void THIS_glyph(vec2 q, int g, bool inBox, float exact, inout float best, inout int winding) {
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
    float o2 = dot(off, off);
    if (o2 >= best * best) continue;
    float od = sqrt(o2);
    best = rkcFar(od, length(hi - lo), exact) ? od : min(best, rkGlyphSegment(local, a, b));
  }
}

// Every glyph: the one whose box is nearest first (its distance is usually
// close), then each other whose box comes nearer than the best so far.
float THIS_scan(vec2 q, float exact) {
  float best = 1e6;
  int winding = 0;
  int nearest = -1;
  float nearestDistance = 1e12;
  for (int g = 0; g < THIS_Font_glyphs; g++) {
    float bd = rkBoxDistance2(q, THIS_Font_box(g));
    if (bd < nearestDistance) {
      nearestDistance = bd;
      nearest = g;
    }
  }
  for (int k = -1; k < THIS_Font_glyphs; k++) {
    if (k == nearest) continue;
    int g = k < 0 ? nearest : k;
    if (g < 0) continue;
    vec4 box = THIS_Font_box(g);
    float bd = rkBoxDistance2(q, box);
    bool inBox = bd == 0.0;
    if (bd >= best * best && !inBox) continue;
    // A far glyph (rkcFar) stands in by its box.
    if (!inBox && rkcFar(sqrt(bd), length(box.zw - box.xy), exact)) {
      best = sqrt(bd);
      continue;
    }
    THIS_glyph(q, g, inBox, exact, best, winding);
  }
  return winding != 0 ? -best : best;
}
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  float size = max(THIS_Size, 1e-6);
  // Exact within Exact of the outlines, in em.
  float exact = rkcExactWithin(0.0, THIS_Exact) / size;
#ifdef THIS_SCAN
  float d = THIS_scan(p / size, exact) * size;
#else
  float d = rkOutlinesDistance(p / size, THIS_Font_first, THIS_Font_tree, 1e6, exact) * size;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
