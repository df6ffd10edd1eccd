ReturnT thismap(CoordT p, ContextT ctx) {
  // The unit solid has its corners sqrt(3) out.
  float s = max(THIS_Radius_at(p - THIS_Translate, ctx), 1e-6) * 0.57735026919;
  float d = rksTetrahedron((p - THIS_Translate) / s) * s;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
