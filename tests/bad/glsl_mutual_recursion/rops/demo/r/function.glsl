float THIS_odd(float x);
float THIS_even(float x) {
  return x < 1.0 ? x : THIS_odd(x - 1.0);
}
float THIS_odd(float x) {
  return THIS_even(x);
}
ReturnT thismap(CoordT p, ContextT ctx) {
  return createSdf(length(p) - THIS_even(2.0));
}
