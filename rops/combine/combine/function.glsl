ReturnT thismap(CoordT p, ContextT ctx) {
  Sdf a = inputOp1(p, ctx);
#ifndef THIS_HAS_INPUT_2
  return a;
#else
  Sdf b = inputOp2(p, ctx);
#if defined(THIS_Swap_on)
  Sdf swapped = a;
  a = b;
  b = swapped;
#endif
  float k = max(THIS_Blend_at(p, ctx), 1e-5);
  float n = max(floor(THIS_Steps + 0.5), 1.0);
  Sdf res = a;
#if defined(THIS_Mode_union)
  res = a.x <= b.x ? a : b;
#elif defined(THIS_Mode_intersect)
  res = a.x >= b.x ? a : b;
#elif defined(THIS_Mode_difference)
  res.x = max(a.x, -b.x);
#elif defined(THIS_Mode_smoothUnion)
  float h = clamp(0.5 + 0.5 * (b.x - a.x) / k, 0.0, 1.0);
  res.x = mix(b.x, a.x, h) - k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
#elif defined(THIS_Mode_smoothIntersect)
  float h = clamp(0.5 - 0.5 * (b.x - a.x) / k, 0.0, 1.0);
  res.x = mix(b.x, a.x, h) + k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
#elif defined(THIS_Mode_smoothDifference)
  float h = clamp(0.5 - 0.5 * (b.x + a.x) / k, 0.0, 1.0);
  res.x = mix(a.x, -b.x, h) + k * h * (1.0 - h);
#elif defined(THIS_Mode_roundUnion)
  res.x = fOpUnionRound(a.x, b.x, k);
  blendInSdf(res, b, hgBlendRatio(a.x, b.x, k));
#elif defined(THIS_Mode_roundIntersect)
  res.x = fOpIntersectionRound(a.x, b.x, k);
  blendInSdf(res, b, hgBlendRatio(b.x, a.x, k));
#elif defined(THIS_Mode_roundDifference)
  res.x = fOpDifferenceRound(a.x, b.x, k);
#elif defined(THIS_Mode_chamferUnion)
  res.x = fOpUnionChamfer(a.x, b.x, k);
  blendInSdf(res, b, hgBlendRatio(a.x, b.x, k));
#elif defined(THIS_Mode_chamferIntersect)
  res.x = fOpIntersectionChamfer(a.x, b.x, k);
  blendInSdf(res, b, hgBlendRatio(b.x, a.x, k));
#elif defined(THIS_Mode_chamferDifference)
  res.x = fOpDifferenceChamfer(a.x, b.x, k);
#elif defined(THIS_Mode_stairsUnion)
  res.x = fOpUnionStairs(a.x, b.x, k, n);
  blendInSdf(res, b, step(b.x, a.x));
#elif defined(THIS_Mode_stairsIntersect)
  res.x = fOpIntersectionStairs(a.x, b.x, k, n);
  blendInSdf(res, b, step(a.x, b.x));
#elif defined(THIS_Mode_stairsDifference)
  res.x = fOpDifferenceStairs(a.x, b.x, k, n);
#elif defined(THIS_Mode_columnsUnion)
  res.x = fOpUnionColumns(a.x, b.x, k, n);
  blendInSdf(res, b, step(b.x, a.x));
#elif defined(THIS_Mode_columnsIntersect)
  res.x = fOpIntersectionColumns(a.x, b.x, k, n);
  blendInSdf(res, b, step(a.x, b.x));
#elif defined(THIS_Mode_columnsDifference)
  res.x = fOpDifferenceColumns(a.x, b.x, k, n);
#endif
  return res;
#endif
}
