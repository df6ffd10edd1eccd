// Each array is under the limit; together they are not.
ReturnT thismap(CoordT p, ContextT ctx) {
  float a0[200];
  float a1[200];
  float a2[200];
  float a3[200];
  float a4[200];
  float a5[200];
  a0[0] = length(p) - 1.0;
  return createSdf(a0[0] + a5[0]);
}
