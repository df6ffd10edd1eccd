// The wave at x.
float THIS_wave(float x) {
  // t counts cycles; every shape takes value 0 (square: +1) at whole cycles.
  float t = x / max(THIS_Period, 1e-6) + THIS_Phase;
#if defined(THIS_Shape_square)
  float w = fract(t) < 0.5 ? 1.0 : -1.0;
#elif defined(THIS_Shape_triangle)
  float w = 1.0 - 4.0 * abs(fract(t + 0.25) - 0.5);
#elif defined(THIS_Shape_saw)
  float w = 2.0 * fract(t + 0.5) - 1.0;
#else
  float w = sin(TAU * t);
#endif
  return THIS_Offset + THIS_Amplitude * w;
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(THIS_wave(x));
#else
  return THIS_wave(x);
#endif
#else
  // A wave per component (missing parts 0).
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p;
#else
  vec3 q = vec3(p, 0.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4) && defined(THIS_COORD_TYPE_vec3)
  return vec4(THIS_wave(q.x), THIS_wave(q.y), THIS_wave(q.z), 0.0);
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(THIS_wave(q.x), THIS_wave(q.y), 0.0, 0.0);
#else
  return THIS_wave(q.x);
#endif
#endif
}
