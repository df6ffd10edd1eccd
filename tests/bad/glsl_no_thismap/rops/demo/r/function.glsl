// The function is not called thismap.
ReturnT sphere(CoordT p, ContextT ctx) {
  return createSdf(length(p) - 1.0);
}
