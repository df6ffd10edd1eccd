void THIS_bump(inout float v) { v += 0.1; }
ReturnT thismap(CoordT p, ContextT ctx) {
  THIS_bump(p.y);
  return createSdf(length(p) - 1.0);
}
