// Cubehelix (Green 2011): hue angle h, saturation s, lightness l to RGB.
vec3 THIS_cubehelix(float h, float s, float l) {
  float amp = s * l * (1.0 - l);
  vec3 dirA = vec3(-0.14861, -0.29227, 1.97294);
  vec3 dirB = vec3(1.78277, -0.90649, 0.0);
  return vec3(l) + amp * (cos(h) * dirB - sin(h) * dirA);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  float t = p + THIS_Phase;
#else
  float t = p.x + THIS_Phase;
#endif
  const float tau = 6.283185307179586;
  // Saturation and lightness ease between (1.5, 0.8) and (0, 0.35).
  float k = 0.25 + 0.25 * cos(tau * t);
  float s = 1.5 - 1.5 * k;
  float l = 0.8 - 0.9 * k;
  return vec4(THIS_cubehelix(tau * t - 1.74533, s, l), 1.0);
}
