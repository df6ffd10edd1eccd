float THIS_wave(float t) {
#if defined(THIS_Wave_triangle)
  return waveTriangle(t);
#elif defined(THIS_Wave_saw)
  return waveSaw(t);
#elif defined(THIS_Wave_square)
  return waveSquare(t, 0.5);
#elif defined(THIS_Wave_cosine)
  return cos(TAU * t);
#elif defined(THIS_Wave_ramp)
  return fract(t);
#elif defined(THIS_Wave_reverseRamp)
  return 1.0 - fract(t);
#elif defined(THIS_Wave_addSquare2)
  return waveAddSquare(t, 2);
#elif defined(THIS_Wave_addSquare4)
  return waveAddSquare(t, 4);
#elif defined(THIS_Wave_addSquare8)
  return waveAddSquare(t, 8);
#else
  return waveSine(t);
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Along_distance)
  float u = length(p);
#elif defined(THIS_Along_y)
  float u = p.y;
#elif defined(THIS_Along_z) && defined(THIS_COORD_TYPE_vec3)
  float u = p.z;
#else
  float u = p.x;
#endif
  // One wave per shifted axis: its own period and phase.
  vec3 t = (u + THIS_Phase) / max(THIS_Period * THIS_AxisPeriod, vec3(1e-4)) + THIS_AxisPhase + THIS_PhaseOffset;
  vec3 v = vec3(THIS_wave(t.x), THIS_wave(t.y), THIS_wave(t.z));
  vec3 shift = THIS_Amplitude * THIS_AmplitudeMult * v + THIS_Offset;
#if defined(THIS_COORD_TYPE_vec2)
  CoordT q = p + shift.xy;
#else
  CoordT q = p + shift;
#endif
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#elif defined(THIS_RETURN_TYPE_float)
  res *= THIS_StepScale;
#endif
  return res;
}
