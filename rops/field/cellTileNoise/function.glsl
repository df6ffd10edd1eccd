// Distances in units of the typical spacing of the points in a period
// (period / Points^(1/dimension)).
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Style_bright) && defined(THIS_COORD_TYPE_vec3)
  float v = rkxCellTile3((p - THIS_Translate) / THIS_Period, THIS_Points, THIS_Seed);
#elif defined(THIS_Style_bright)
  float v = rkxCellTile2((p - THIS_Translate.xy) / THIS_Period, THIS_Points, THIS_Seed);
#else
#if defined(THIS_COORD_TYPE_vec3)
  vec3 dists = rkxCellTileNear3((p - THIS_Translate) / THIS_Period, THIS_Points, THIS_Seed) * pow(float(THIS_Points), 1.0 / 3.0);
#else
  vec3 dists = rkxCellTileNear2((p - THIS_Translate.xy) / THIS_Period, THIS_Points, THIS_Seed) * sqrt(float(THIS_Points));
#endif
#if defined(THIS_Style_cellular)
  float v = dists.x;
#elif defined(THIS_Style_beveled)
  float v = dists.y - dists.x;
#else
  float v = dists.z;
#endif
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
