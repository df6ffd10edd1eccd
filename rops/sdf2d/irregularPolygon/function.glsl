ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 v[8] = vec2[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  float d = rkpPolygon8(p, v, clamp(THIS_Count, 3, 8));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
