// Per-node template (`#include "node/mergeModes.glsl"`): joins two results
// by the ROP's menu parameter MergeType, the choice RayTK's combine offers:
// union, intersect, difference, xor, smoothUnion, smoothIntersect,
// smoothDifference, and roundUnion ... columnsDifference after hg_sdf
// (a ROP may list any of them; an option not listed is never chosen).
// Needs `hg_sdf` and `xform` in the ROP's libraries. Defines
//   void THIS_merge(inout Sdf res, Sdf other, float k, float n, float o)
//   void THIS_merge(inout float res, float other, float k, float n, float o)
// joining `other` into `res` (difference: res minus other) with the seam's
// radius k, its number of steps or columns n and their shift along the
// seam o. A union takes the nearer result whole; the seams blend the
// materials as the combine ROP does.

// The joined distance of a and b.
float THIS_mergeDist(float a, float b, float k, float n, float o) {
  k = max(k, 1e-5);
  n = max(floor(n + 0.5), 1.0);
#if defined(THIS_MergeType_intersect)
  return max(a, b);
#elif defined(THIS_MergeType_difference)
  return max(a, -b);
#elif defined(THIS_MergeType_xor)
  return max(min(a, b), -max(a, b));
#elif defined(THIS_MergeType_smoothUnion)
  float h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return mix(b, a, h) - k * h * (1.0 - h);
#elif defined(THIS_MergeType_smoothIntersect)
  float h = clamp(0.5 - 0.5 * (b - a) / k, 0.0, 1.0);
  return mix(b, a, h) + k * h * (1.0 - h);
#elif defined(THIS_MergeType_smoothDifference)
  float h = clamp(0.5 - 0.5 * (b + a) / k, 0.0, 1.0);
  return mix(a, -b, h) + k * h * (1.0 - h);
#elif defined(THIS_MergeType_roundUnion)
  return fOpUnionRound(a, b, k);
#elif defined(THIS_MergeType_roundIntersect)
  return fOpIntersectionRound(a, b, k);
#elif defined(THIS_MergeType_roundDifference)
  return fOpDifferenceRound(a, b, k);
#elif defined(THIS_MergeType_chamferUnion)
  return fOpUnionChamfer(a, b, k);
#elif defined(THIS_MergeType_chamferIntersect)
  return fOpIntersectionChamfer(a, b, k);
#elif defined(THIS_MergeType_chamferDifference)
  return fOpDifferenceChamfer(a, b, k);
#elif defined(THIS_MergeType_stairsUnion)
  return fOpUnionStairsShifted(a, b, k, n, o);
#elif defined(THIS_MergeType_stairsIntersect)
  return fOpIntersectionStairsShifted(a, b, k, n, o);
#elif defined(THIS_MergeType_stairsDifference)
  return fOpDifferenceStairsShifted(a, b, k, n, o);
#elif defined(THIS_MergeType_columnsUnion)
  return fOpUnionColumnsShifted(a, b, k, n, o);
#elif defined(THIS_MergeType_columnsIntersect)
  return fOpIntersectionColumnsShifted(a, b, k, n, o);
#elif defined(THIS_MergeType_columnsDifference)
  return fOpDifferenceColumnsShifted(a, b, k, n, o);
#else
  return min(a, b);
#endif
}

// The share of b's material in the joined result (0 for a difference).
float THIS_mergeShare(float a, float b, float k) {
  k = max(k, 1e-5);
#if defined(THIS_MergeType_intersect)
  return b > a ? 1.0 : 0.0;
#elif defined(THIS_MergeType_xor)
  return b < a ? 1.0 : 0.0;
#elif defined(THIS_MergeType_smoothUnion)
  return 1.0 - clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
#elif defined(THIS_MergeType_smoothIntersect)
  return 1.0 - clamp(0.5 - 0.5 * (b - a) / k, 0.0, 1.0);
#elif defined(THIS_MergeType_roundUnion) || defined(THIS_MergeType_chamferUnion)
  return hgBlendRatio(a, b, k);
#elif defined(THIS_MergeType_roundIntersect) || defined(THIS_MergeType_chamferIntersect)
  return hgBlendRatio(b, a, k);
#elif defined(THIS_MergeType_stairsUnion) || defined(THIS_MergeType_columnsUnion)
  return step(b, a);
#elif defined(THIS_MergeType_stairsIntersect) || defined(THIS_MergeType_columnsIntersect)
  return step(a, b);
#else
  return 0.0;
#endif
}

void THIS_merge(inout Sdf res, Sdf other, float k, float n, float o) {
#if defined(THIS_MergeType_union)
  if (other.x < res.x) res = other;
#else
  float d = THIS_mergeDist(res.x, other.x, k, n, o);
  blendInSdf(res, other, THIS_mergeShare(res.x, other.x, k));
  res.x = d;
#endif
}

void THIS_merge(inout float res, float other, float k, float n, float o) {
  res = THIS_mergeDist(res, other, k, n, o);
}
