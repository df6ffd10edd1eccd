ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  // The rod's direction becomes +y (the outline is mirror symmetric about
  // its axis, so a swap or a flip keeps distances).
#if defined(THIS_Direction_yneg)
  q.y = -q.y;
#elif defined(THIS_Direction_xpos)
  q = q.yx;
#elif defined(THIS_Direction_xneg)
  q = vec2(q.y, -q.x);
#endif
#if defined(THIS_Shape_rod)
  vec2 e = vec2(abs(q.x) - THIS_RodRadius, q.y - THIS_Extension);
  float d = min(max(e.x, e.y), 0.0) + length(max(e, 0.0));
#else
  float d = rkpPiston(q, THIS_BarrelRadius, THIS_BarrelHeight, THIS_RodRadius, THIS_Extension);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
