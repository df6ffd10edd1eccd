ReturnT thismap(CoordT p, ContextT ctx) {
  // Each component depends only on another coordinate, so the divergence is 0.
  vec3 t = TAU * (THIS_Frequency * p.yzx - THIS_Speed * iTime) + THIS_Phase;
  vec3 v = THIS_Amplitude * sin(t);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(v, 0.0);
#else
  return length(v);
#endif
}
