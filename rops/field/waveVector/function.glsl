ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Along_own)
  vec3 s = p;
#else
  // Each component depends only on another coordinate, so the divergence is 0.
  vec3 s = p.yzx;
#endif
  vec3 t = TAU * (THIS_Frequency * s - THIS_Speed * iTime) + THIS_Phase;
#if defined(THIS_Shape_cosine)
  vec3 w = cos(t);
#elif defined(THIS_Shape_triangle)
  vec3 u = t / TAU;
  vec3 w = vec3(waveTriangle(u.x), waveTriangle(u.y), waveTriangle(u.z));
#elif defined(THIS_Shape_saw)
  vec3 u = t / TAU;
  vec3 w = vec3(waveSaw(u.x), waveSaw(u.y), waveSaw(u.z));
#elif defined(THIS_Shape_square)
  vec3 u = t / TAU;
  vec3 w = vec3(waveSquare(u.x, 0.5), waveSquare(u.y, 0.5), waveSquare(u.z, 0.5));
#else
  vec3 w = sin(t);
#endif
  vec3 v = THIS_Amplitude * w + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(v, 0.0);
#else
  return length(v);
#endif
}
