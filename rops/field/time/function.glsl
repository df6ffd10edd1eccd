ReturnT thismap(CoordT p, ContextT ctx) {
  float t = iTime * THIS_Speed;
#if defined(THIS_Mode_sine)
  float w = sin(TAU * t);
#elif defined(THIS_Mode_saw)
  float w = fract(t);
#else
  float w = t;
#endif
  float v = THIS_Amplitude * w + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
