// The slot a whole index lands in, by the Extend rule.
int THIS_slot(float i, float n) {
#if defined(THIS_Extend_loop)
  return int(mod(i, n));
#elif defined(THIS_Extend_zigzag)
  // Runs 0 .. n-1 .. 1 and again: a period of 2n - 2 (1 for one value).
  float period = max(2.0 * n - 2.0, 1.0);
  float m = mod(i, period);
  return int(m < n ? m : period - m);
#else
  return int(clamp(i, 0.0, n - 1.0));
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 values[8] = vec4[8](THIS_Value1, THIS_Value2, THIS_Value3, THIS_Value4,
                           THIS_Value5, THIS_Value6, THIS_Value7, THIS_Value8);
  float n = float(clamp(THIS_Count, 1, 8));
  float x = inputOp1(p, ctx) + THIS_Offset;
  float i = floor(x);
  vec4 v = values[clamp(THIS_slot(i, n), 0, 7)];
  if (THIS_Blend) {
    v = mix(v, values[clamp(THIS_slot(i + 1.0, n), 0, 7)], x - i);
  }
#if defined(THIS_RETURN_TYPE_vec4)
  return v;
#else
  return v.x;
#endif
}
