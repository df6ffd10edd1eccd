// The phase in cycles: seconds (or frames) since the start, times Frequency,
// plus Phase; reversed, it runs backwards.
float THIS_phase() {
#if defined(THIS_Interval_frames)
  float t = rk_time.y;
#elif defined(THIS_TimeSource_global)
  float t = rk_time.x;
#else
  float t = rkTime();
#endif
  float q = t * THIS_Frequency + THIS_Phase;
#ifdef THIS_Reverse_on
  q = -q;
#endif
  // Bias moves the middle of each cycle: its first half takes (1 + Bias) / 2.
  if (THIS_Bias != 0.0) {
    float m = clamp(0.5 + 0.5 * THIS_Bias, 1e-4, 1.0 - 1e-4);
    float u = fract(q);
    q = floor(q) + (u < m ? 0.5 * u / m : 0.5 + 0.5 * (u - m) / (1.0 - m));
  }
  return q;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float q = THIS_phase();
#if defined(THIS_HAS_INPUT_1)
  float w = inputOp1(fract(q), ctx);
#elif defined(THIS_Shape_constant)
  float w = 1.0;
#elif defined(THIS_Shape_pulse)
  float w = fract(q) < clamp(THIS_Width, 0.0, 1.0) ? 1.0 : 0.0;
#elif defined(THIS_Shape_gaussian)
  // A bell at mid-cycle, Width of the cycle across (6 standard deviations).
  float g = (fract(q) - 0.5) / max(THIS_Width / 6.0, 1e-6);
  float w = exp(-0.5 * g * g);
#else
  float w = waveShape(THIS_Shape_INDEX, q, THIS_Width);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(THIS_Amplitude * THIS_Multipliers * w + THIS_Offset, 1.0);
#else
  return THIS_Amplitude * w + THIS_Offset;
#endif
}
