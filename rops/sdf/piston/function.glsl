ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float d = rkpPiston(vec2(length(q.xz), q.y), THIS_BarrelRadius, THIS_BarrelHeight, THIS_RodRadius, THIS_Extension);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
