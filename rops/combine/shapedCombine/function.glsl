// The seam shape read at the pair of distances scaled by Radius.
float THIS_seam(vec2 ab, ContextT ctx) {
  float r = THIS_Radius;
  return inputOp3(ab / r, ctx) * r;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_RETURN_TYPE_float)
  float a = inputOp1(p, ctx);
  float b = inputOp2(p, ctx);
#if defined(THIS_Mode_intersect)
  return max(max(a, b), -THIS_seam(vec2(-a, -b), ctx));
#elif defined(THIS_Mode_difference)
  return max(max(a, -b), -THIS_seam(vec2(-a, b), ctx));
#else
  return min(min(a, b), THIS_seam(vec2(a, b), ctx));
#endif
#else
  Sdf a = inputOp1(p, ctx);
  Sdf b = inputOp2(p, ctx);
  Sdf res = a.x <= b.x ? a : b;
#if defined(THIS_Mode_intersect)
  res = a.x >= b.x ? a : b;
  res.x = max(max(a.x, b.x), -THIS_seam(vec2(-a.x, -b.x), ctx));
#elif defined(THIS_Mode_difference)
  res = a;
  res.x = max(max(a.x, -b.x), -THIS_seam(vec2(-a.x, b.x), ctx));
#else
  res.x = min(min(a.x, b.x), THIS_seam(vec2(a.x, b.x), ctx));
#endif
  if (THIS_BlendMaterials) {
    float d = res.x;
    res = a;
    blendInSdf(res, b, smoothBlendRatio(a.x, b.x, THIS_Radius));
    res.x = d;
  }
  return res;
#endif
}
