// A sphere with a typo on line 3.
ReturnT thismap(CoordT p, ContextT ctx) {
  float d = lenght(p) - THIS_Radius;
  return createSdf(d);
}
