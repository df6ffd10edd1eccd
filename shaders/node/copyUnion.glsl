// Per-node template (`#include "node/copyUnion.glsl"`): the function of a
// ROP that unions Count copies of its input (at most 64), blended by the
// float parameter Blend (with `xform` in its libraries, for xfUnion). The
// ROP defines copy i before it:
//   ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx)
ReturnT thismap(CoordT p, ContextT ctx) {
  int n = clamp(THIS_Count, 1, 64);
  ReturnT res = THIS_copy(p, 0, n, ctx);
  for (int i = 1; i < 64; i++) {
    if (i >= n) break;
    xfUnion(res, THIS_copy(p, i, n, ctx), THIS_Blend);
  }
  return res;
}
