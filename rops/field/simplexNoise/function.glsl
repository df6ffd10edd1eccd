ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  float v = simplexNoise(p * THIS_Scale + THIS_Translate + vec3(0.0, 0.0, iTime * THIS_Speed));
#else
  float v = simplexNoise(p * THIS_Scale + THIS_Translate.xy + vec2(0.0, iTime * THIS_Speed));
#endif
  v *= THIS_Amplitude;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
