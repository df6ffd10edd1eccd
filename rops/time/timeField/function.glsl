ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_TimeSource_global
  float t = rk_time.x * THIS_Speed + THIS_Offset;
#else
  float t = rkTime() * THIS_Speed + THIS_Offset;
#endif
  float period = max(THIS_Period, 1e-6);
#if defined(THIS_Mode_frames)
  float v = rk_time.y;
#elif defined(THIS_Mode_loop)
  float v = fract(t / period);
#elif defined(THIS_Mode_pingPong)
  float v = 1.0 - abs(1.0 - mod(t / period, 2.0));
#elif defined(THIS_Mode_stepSeconds)
  float v = rk_time.z;
#elif defined(THIS_Mode_stepFrames)
  // The frame counter advances by one per drawn frame.
  float v = rk_time.y > 0.0 ? 1.0 : 0.0;
#elif defined(THIS_Mode_rate)
  float v = rk_time.z > 0.0 ? 1.0 / rk_time.z : 0.0;
#else
  float v = t;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
