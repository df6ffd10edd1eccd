ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c[8] = vec3[8](THIS_P1, THIS_P2, THIS_P3, THIS_P4, THIS_P5, THIS_P6, THIS_P7, THIS_P8);
  int n = clamp(THIS_Count, 1, 8);
  float r2 = THIS_Radius * THIS_Radius;
  // Round balls: the offset over Radius; otherwise each axis's offset is
  // raised to its Exponent and divided by its own radius.
  bool plain = THIS_RadiusScale == vec3(1.0) && THIS_Exponent == vec3(1.0);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 radii = THIS_Radius * THIS_RadiusScale;
  vec3 e = THIS_Exponent;
#else
  vec2 radii = THIS_Radius * THIS_RadiusScale.xy;
  vec2 e = THIS_Exponent.xy;
#endif
  float v = 0.0;
  for (int i = 0; i < 8; i++) {
    if (i >= n) break;
#if defined(THIS_COORD_TYPE_vec3)
    vec3 d = p - c[i];
#else
    vec2 d = p - c[i].xy;
#endif
    // The squared distance over the radius.
    float q2 = plain ? dot(d, d) / r2 : dot(pow(abs(d), e) / radii, pow(abs(d), e) / radii);
#if defined(THIS_Falloff_inverseSquare)
    v += THIS_Weight / max(q2, 1e-12);
#else
    float s = max(1.0 - q2, 0.0);
    v += THIS_Weight * (s * s * s);
#endif
  }
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
