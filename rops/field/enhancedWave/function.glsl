ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  float x = p;
#elif defined(THIS_Along_radius)
  float x = length(p);
#elif defined(THIS_COORD_TYPE_vec2) && defined(THIS_Along_z)
  float x = 0.0;
#else
  float x = p.THIS_Along;
#endif
  float t = x / max(THIS_Period, 1e-6) + THIS_Phase - THIS_Speed * iTime;
  float v = THIS_Offset + THIS_Amplitude * waveShape(THIS_SHAPE, t, THIS_Width);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
