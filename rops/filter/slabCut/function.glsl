ReturnT thismap(CoordT p, ContextT ctx) {
  ReturnT res = inputOp1(p, ctx);
#if defined(THIS_Axis_y) || (defined(THIS_Axis_z) && defined(THIS_COORD_TYPE_vec2))
  float c = p.y;
#elif defined(THIS_Axis_z)
  float c = p.z;
#else
  float c = p.x;
#endif
#ifdef THIS_Mirror_on
  c = abs(c);
#endif
  // The slab's own distance, negated to cut it out.
  float slab = abs(c - THIS_Offset) - THIS_Thickness;
#ifdef THIS_Operation_diff
  slab = -slab;
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  float d = res.x;
#else
  float d = res;
#endif
#ifdef THIS_Smooth_on
  d = fOpIntersectionRound(d, slab, THIS_SmoothRadius);
#else
  d = max(d, slab);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  res.x = d;
  return res;
#else
  return d;
#endif
}
