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
  float t = (u + THIS_Phase) / max(THIS_Period, 1e-4);
#if defined(THIS_Wave_triangle)
  float v = waveTriangle(t);
#elif defined(THIS_Wave_saw)
  float v = waveSaw(t);
#elif defined(THIS_Wave_square)
  float v = waveSquare(t, 0.5);
#else
  float v = waveSine(t);
#endif
#if defined(THIS_COORD_TYPE_vec2)
  CoordT q = p + THIS_Amplitude.xy * v;
#else
  CoordT q = p + THIS_Amplitude * v;
#endif
  ReturnT res = inputOp1(q, ctx);
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x *= THIS_StepScale;
#elif defined(THIS_RETURN_TYPE_float)
  res *= THIS_StepScale;
#endif
  return res;
}
