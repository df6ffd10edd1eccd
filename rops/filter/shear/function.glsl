ReturnT thismap(CoordT p, ContextT ctx) {
  int ia = THIS_A;
  int ib = THIS_B;
#if defined(THIS_COORD_TYPE_vec2)
  ia = min(ia, 1);
  ib = ia == 0 ? 1 : 0;
#endif
  float k = THIS_Amount;
  CoordT q = dmSet(p, ia, dmGet(p, ia) - k * dmGet(p, ib));
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, 2.0 / (abs(k) + sqrt(k * k + 4.0)));
  return res;
}
