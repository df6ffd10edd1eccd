#if defined(THIS_COORD_TYPE_vec2)
#define THIS_PART xy
#elif defined(THIS_COORD_TYPE_float)
#define THIS_PART x
#else
#define THIS_PART xyz
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT s = THIS_Size.THIS_PART;
  CoordT o = THIS_Offset.THIS_PART;
#if defined(THIS_Read_corner)
  float mid = 0.0;
#else
  float mid = 0.5;
#endif
  CoordT u = (p - o) / max(s, CoordT(1e-6));
  CoordT k = floor(u);
  // Over the last Smoothing of a cell the point moves on to the next
  // cell's (a smoothstep; nothing where Smoothing is 0).
  CoordT w = clamp(THIS_Smoothing.THIS_PART, CoordT(0.0), CoordT(1.0));
  CoordT t = clamp((u - k - (1.0 - w)) / max(w, CoordT(1e-6)), CoordT(0.0), CoordT(1.0));
  CoordT snapped = o + (k + mid + t * t * (3.0 - 2.0 * t)) * s;
  // An axis of size 0 keeps its coordinate.
  CoordT q = mix(p, snapped, step(CoordT(1e-6), s));
  return inputOp1(q, ctx);
}
