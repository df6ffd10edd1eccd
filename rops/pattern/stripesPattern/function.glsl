RkPattern THIS_measure(vec2 q) {
  float s = max(THIS_Size, 1e-4);
  // Stripes run along the plane's first axis; the phase counts periods across.
  float t = q.y / s;
  float id = floor(t);
  float phase = t - id;
  RkPattern r;
  // The nearest stripe is always the one of this period: its centre is at
  // most half a period away, the next one's at least half.
  r.dist = (0.5 * THIS_Width - abs(phase - 0.5)) * s;
  r.cell = rkCellHash(vec2(id, 3.0));
  r.extra = phase;
  return r;
}

// The mask: the profile function of the phase when one is connected.
float THIS_mask(RkPattern r, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  return inputOp1(r.extra, ctx);
#else
  return rkPatternMask(r.dist, THIS_Softness);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = rkPatternSpace(p.THIS_Plane, THIS_Translate, THIS_Rotate);
#else
  vec2 q = rkPatternSpace(p, THIS_Translate, THIS_Rotate);
#endif
  RkPattern r = THIS_measure(q);
#if defined(THIS_RETURN_TYPE_vec4)
  return rkPatternColor(THIS_mask(r, ctx), r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#else
  return THIS_OUTPUT == 0 ? THIS_mask(r, ctx) : rkPatternFloat(r, THIS_OUTPUT, THIS_Softness);
#endif
}
