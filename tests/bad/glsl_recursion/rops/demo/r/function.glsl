float THIS_steps(float x) {
  return x < 1.0 ? x : THIS_steps(x - 1.0);
}
ReturnT thismap(CoordT p, ContextT ctx) {
  return createSdf(length(p) - THIS_steps(2.0));
}
