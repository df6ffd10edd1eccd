ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate;
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy;
#endif
#ifdef THIS_Vorticity_on
  float vortex = 1.0;
#else
  float vortex = 0.0;
#endif
  float sum = 0.0;
  float amp = 1.0;
  float norm = 0.0;
  for (int i = 0; i < 8; i++) {
    if (i >= THIS_Octaves) break;
#if defined(THIS_COORD_TYPE_vec3)
    sum += amp * rkxWavelet3(q, THIS_Frequency, THIS_Phase, vortex);
#else
    sum += amp * rkxWavelet2(q, THIS_Frequency, THIS_Phase, vortex);
#endif
    norm += amp;
    amp *= THIS_Gain;
    q = q * THIS_Lacunarity + 3.7;
  }
  float v = THIS_Amplitude * sum / max(norm, 1e-6) + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
