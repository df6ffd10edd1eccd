ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Order_custom) && defined(THIS_COORD_TYPE_vec3)
  vec3 q = vec3(p.THIS_SourceX, p.THIS_SourceY, p.THIS_SourceZ);
  vec3 flip = vec3(THIS_FlipX ? -1.0 : 1.0, THIS_FlipY ? -1.0 : 1.0, THIS_FlipZ ? -1.0 : 1.0);
#elif defined(THIS_Order_custom)
  // 2D: z reads 0.
  vec3 full = vec3(p, 0.0);
  vec2 q = vec2(full.THIS_SourceX, full.THIS_SourceY);
  vec2 flip = vec2(THIS_FlipX ? -1.0 : 1.0, THIS_FlipY ? -1.0 : 1.0);
#elif defined(THIS_COORD_TYPE_vec3)
  vec3 q = p.THIS_Order;
  vec3 flip = vec3(THIS_FlipX ? -1.0 : 1.0, THIS_FlipY ? -1.0 : 1.0, THIS_FlipZ ? -1.0 : 1.0);
#else
#if defined(THIS_Order_yxz) || defined(THIS_Order_yzx) || defined(THIS_Order_zyx)
  vec2 q = p.yx;
#else
  vec2 q = p;
#endif
  vec2 flip = vec2(THIS_FlipX ? -1.0 : 1.0, THIS_FlipY ? -1.0 : 1.0);
#endif
  return inputOp1(q * flip, ctx);
}
