ReturnT thismap(CoordT p, ContextT ctx) {
  int ia = THIS_A;
  int ib = THIS_B;
#if defined(THIS_COORD_TYPE_vec2)
  ia = min(ia, 1);
  ib = ia == 0 ? 1 : 0;
#endif
  float b = max(THIS_Base, 1.001);
  float a = max(abs(dmGet(p, ia)), 1e-9);
  float k = floor(log(a) / log(b));
  float start = pow(b, k);
  float tile = start * (b - 1.0);
  float along = (a - start - 0.5 * tile) / tile;
  float across = dmGet(p, ib) / tile;
  float row = floor(across + 0.5);
  CoordT q = p / tile;
  q = dmSet(q, ia, along);
  q = dmSet(q, ib, across - row);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, row, 0.0, 0.0);
#endif
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, tile);
  return res;
}
