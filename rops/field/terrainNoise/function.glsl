// Musgrave's fractal terrains (Texturing and Modeling, ch. 16) over Perlin
// noise: octave i is weighted lacunarity^(-H i), H the Increment, and
// counts clamp(Detail - i, 0, 1) of itself.
float THIS_musgrave(vec2 p, float detail) {
  float lac = THIS_Lacunarity;
  float off = THIS_StepOffset;
  float value = 0.0;
  float weight = 1.0;
  float signal = 0.0;
  for (int i = 0; i < 16; i++) {
    if (i >= THIS_Octaves) break;
    float w = clamp(detail - float(i), 0.0, 1.0);
    float k = pow(lac, -THIS_Increment * float(i));
    float n = perlinNoise(p);
#if defined(THIS_Type_fbm)
    value += w * n * k;
#elif defined(THIS_Type_multifractal)
    // A product of octaves: each scales all the coarser ones.
    if (i == 0) value = 1.0;
    value *= mix(1.0, (n + off) * k, w);
#elif defined(THIS_Type_heteroTerrain)
    // Each octave added in proportion to the height so far: smooth lowlands.
    value += i == 0 ? w * (n + off) : w * (n + off) * k * value;
#elif defined(THIS_Type_hybridMultifractal)
    // Each octave weighted by the ones before it (at most 1).
    signal = (n + off) * k;
    value += i == 0 ? w * signal : w * weight * signal;
    weight = min(weight * signal, 1.0);
#else
    // Ridged: sharp crests where the noise crosses 0, finer ridges weighted
    // by the coarser (Gain).
    signal = off - abs(n);
    signal *= signal * weight;
    value += w * signal * k;
    weight = clamp(signal * THIS_Gain, 0.0, 1.0);
#endif
    p *= lac;
  }
  return value;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = p.THIS_Plane;
#else
  vec2 q = p;
#endif
#if defined(THIS_Type_erosion)
  float v = THIS_Amplitude * rkxTerrain(q * THIS_Scale + THIS_Translate, THIS_Octaves, THIS_Lacunarity, THIS_Gain, THIS_Erosion, THIS_Detail) + THIS_Offset;
#else
  float v = THIS_Amplitude * THIS_musgrave(q * THIS_Scale + THIS_Translate, THIS_Detail) + THIS_Offset;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
