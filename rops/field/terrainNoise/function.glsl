ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = p.xz;
#else
  vec2 q = p;
#endif
  float v = THIS_Amplitude * rkxTerrain(q * THIS_Scale + THIS_Translate, THIS_Octaves, THIS_Lacunarity, THIS_Gain, THIS_Erosion);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
