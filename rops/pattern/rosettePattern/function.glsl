RkPattern THIS_measure(vec2 q, out float glow) {
  float R = max(THIS_Radius, 1e-4);
  // Lattice coordinates: centres at i (R, 0) + j (R / 2, R sqrt(3) / 2).
  float j0 = floor(q.y / (0.86602540378 * R) + 0.5);
  float i0 = floor(q.x / R - 0.5 * j0 + 0.5);
  // Every circle nearer than R to q has its centre within 2 R, which these
  // 7 x 7 neighbours cover.
  float e = 1e20;
  glow = 0.0;
  vec2 nearest = vec2(0.0);
  float nearestD = 1e20;
  for (int dj = -3; dj <= 3; dj++) {
    for (int di = -3; di <= 3; di++) {
      vec2 ij = vec2(i0 + float(di), j0 + float(dj));
      vec2 c = R * vec2(ij.x + 0.5 * ij.y, 0.86602540378 * ij.y);
      float l = length(q - c);
      float el = abs(l - R);
      e = min(e, el);
      // Each line nearer than R glows as R / distance, less 1 so that it
      // fades to 0 where it stops being counted.
      glow += max(R / max(el, 1e-6) - 1.0, 0.0);
      if (l < nearestD) {
        nearestD = l;
        nearest = ij;
      }
    }
  }
  RkPattern r;
  r.dist = 0.5 * THIS_LineWidth - e;
  r.cell = rkCellHash(nearest);
  r.extra = e / R;
  return r;
}
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = rkPatternSpace(p.THIS_Plane, THIS_Translate, THIS_Rotate);
#else
  vec2 q = rkPatternSpace(p, THIS_Translate, THIS_Rotate);
#endif
  float glow;
  RkPattern r = THIS_measure(q, glow);
  glow *= THIS_Glow;
#if defined(THIS_RETURN_TYPE_vec4)
#if defined(THIS_Output_glow)
  return rkPatternColor(glow, r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#else
  return rkPatternColor(rkPatternMask(r.dist, THIS_Softness), r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#endif
#elif defined(THIS_Output_glow)
  return glow;
#else
  return rkPatternFloat(r, THIS_OUTPUT, THIS_Softness);
#endif
}
