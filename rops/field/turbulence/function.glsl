ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate + vec3(0.0, 0.0, iTime * THIS_Speed);
  // A fixed rotation between octaves hides the lattice.
  const mat3 rot = mat3(0.00, 0.80, 0.60, -0.80, 0.36, -0.48, -0.60, -0.48, 0.64);
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy + vec2(0.0, iTime * THIS_Speed);
  const mat2 rot = mat2(0.80, 0.60, -0.60, 0.80);
#endif
  float sum = 0.0;
  float amp = 1.0;
  float norm = 0.0;
  for (int i = 0; i < THIS_Octaves; i++) {
    sum += amp * abs(simplexNoise(q));
    norm += amp;
    amp *= THIS_Gain;
    q = rot * q * THIS_Lacunarity + 1.7;
  }
  float v = THIS_Amplitude * sum / max(norm, 1e-6);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
