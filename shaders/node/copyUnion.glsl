// Per-node template (`#include "node/copyUnion.glsl"`): the function of a
// ROP that joins Count copies of its input (at most 64), with `xform` in its
// libraries (for xfUnion). The ROP defines copy i before it:
//   ReturnT THIS_copy(CoordT p, int i, int n, ContextT ctx, out float blend)
// giving also the seam's radius for that copy (the Blend parameter, or its
// field read at the copy). Copies join by a smooth union of that radius (a
// hard one at 0); a ROP with a MergeType menu, MergeNumber and MergeOffset,
// that includes node/mergeModes.glsl first, joins them by any other merge
// type it chooses.
ReturnT thismap(CoordT p, ContextT ctx) {
  int n = clamp(THIS_Count, 1, 64);
  float k;
  ReturnT res = THIS_copy(p, 0, n, ctx, k);
  for (int i = 1; i < 64; i++) {
    if (i >= n) break;
    ReturnT c = THIS_copy(p, i, n, ctx, k);
#if defined(THIS_MergeType) && !defined(THIS_MergeType_union)
    THIS_merge(res, c, k, THIS_MergeNumber, THIS_MergeOffset);
#else
    xfUnion(res, c, k);
#endif
  }
  return res;
}
