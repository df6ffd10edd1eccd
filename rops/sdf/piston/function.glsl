ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The rod's direction becomes +y (the shape turns about its axis, so a
  // swap or a flip of axes keeps distances).
#if defined(THIS_Direction_yneg)
  q.y = -q.y;
#elif defined(THIS_Direction_xpos)
  q = q.yxz;
#elif defined(THIS_Direction_xneg)
  q = vec3(q.y, -q.x, q.z);
#elif defined(THIS_Direction_zpos)
  q = q.xzy;
#elif defined(THIS_Direction_zneg)
  q = vec3(q.x, -q.z, q.y);
#endif
#if defined(THIS_Shape_rod)
  vec2 e = vec2(length(q.xz) - THIS_RodRadius, q.y - THIS_Extension);
  float d = min(max(e.x, e.y), 0.0) + length(max(e, 0.0));
#else
  float d = rkpPiston(vec2(length(q.xz), q.y), THIS_BarrelRadius, THIS_BarrelHeight, THIS_RodRadius, THIS_Extension);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
