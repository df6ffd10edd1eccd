// The vector potential: three decorrelated noises (offsets far apart).
vec3 THIS_potential(vec3 q) {
  return vec3(simplexNoise(q), simplexNoise(q + vec3(31.416, -17.3, 5.27)),
              simplexNoise(q + vec3(-11.1, 47.9, 23.8)));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  // Central differences in noise units: curl = nabla x potential.
  const float e = 0.01;
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate + vec3(0.0, 0.0, iTime * THIS_Speed);
  vec3 dx = (THIS_potential(q + vec3(e, 0.0, 0.0)) - THIS_potential(q - vec3(e, 0.0, 0.0))) / (2.0 * e);
  vec3 dy = (THIS_potential(q + vec3(0.0, e, 0.0)) - THIS_potential(q - vec3(0.0, e, 0.0))) / (2.0 * e);
  vec3 dz = (THIS_potential(q + vec3(0.0, 0.0, e)) - THIS_potential(q - vec3(0.0, 0.0, e))) / (2.0 * e);
  vec3 v = vec3(dy.z - dz.y, dz.x - dx.z, dx.y - dy.x);
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy + vec2(0.0, iTime * THIS_Speed);
  float gx = (simplexNoise(q + vec2(e, 0.0)) - simplexNoise(q - vec2(e, 0.0))) / (2.0 * e);
  float gy = (simplexNoise(q + vec2(0.0, e)) - simplexNoise(q - vec2(0.0, e))) / (2.0 * e);
  vec3 v = vec3(gy, -gx, 0.0);
#endif
  v = v * THIS_Amplitude + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(v, 0.0);
#elif defined(THIS_Component_x)
  return v.x;
#elif defined(THIS_Component_y)
  return v.y;
#elif defined(THIS_Component_z)
  return v.z;
#else
  return length(v);
#endif
}
