ReturnT thismap(CoordT p, ContextT ctx) {
  return createSdf(length(p) - 1.0);
}
