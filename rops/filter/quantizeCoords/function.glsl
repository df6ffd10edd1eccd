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
  CoordT snapped = o + (floor((p - o) / max(s, CoordT(1e-6))) + mid) * s;
  // An axis of size 0 keeps its coordinate.
  CoordT q = mix(p, snapped, step(CoordT(1e-6), s));
  return inputOp1(q, ctx);
}
