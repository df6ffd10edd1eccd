ReturnT thismap(CoordT p, ContextT ctx) {
  float v = THIS_Amplitude * waveShape(THIS_Shape_INDEX, rkTime() * THIS_Frequency + THIS_Phase, THIS_Width) +
            THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
