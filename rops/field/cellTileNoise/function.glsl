ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  float v = rkxCellTile3((p - THIS_Translate) / THIS_Period, THIS_Points, THIS_Seed);
#else
  float v = rkxCellTile2((p - THIS_Translate.xy) / THIS_Period, THIS_Points, THIS_Seed);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
