ReturnT thismap(CoordT p, ContextT ctx) {
  float d = length(p) - 1.0;
  // The driver would allocate a gigabyte for every pixel.
  float a[268435455];
  a[0] = d;
  return createSdf(a[0]);
}
