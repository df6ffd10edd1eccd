ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Limit_radius)
  float turns = max(THIS_RadiusLimit - THIS_Start, 0.0) / max(THIS_Spacing, 1e-5);
#elif defined(THIS_Limit_none)
  float turns = 1e5;
#else
  float turns = THIS_Turns;
#endif
  float d = rksDistance(xfRotate(p - THIS_Translate, -radians(THIS_Rotate)), THIS_Start, THIS_Spacing, turns) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
