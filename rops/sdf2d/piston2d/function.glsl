ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
  float d = rkpPiston(q, THIS_BarrelRadius, THIS_BarrelHeight, THIS_RodRadius, THIS_Extension);
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
