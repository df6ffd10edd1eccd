ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  float x = inputOp1(p, ctx);
#elif defined(THIS_COORD_TYPE_float)
  float x = p;
#elif defined(THIS_Axis_dist)
  float x = length(p);
#elif defined(THIS_COORD_TYPE_vec2) && defined(THIS_Axis_z)
  float x = 0.0;
#else
  float x = p.THIS_Axis;
#endif
  float w = THIS_Softness;
  float v = w > 0.0 ? smoothstep(THIS_Threshold - 0.5 * w, THIS_Threshold + 0.5 * w, x)
                    : (x >= THIS_Threshold ? 1.0 : 0.0);
  if (THIS_Invert) v = 1.0 - v;
#if defined(THIS_RETURN_TYPE_vec4)
  return mix(THIS_Value1, THIS_Value2, v);
#else
  return mix(THIS_Value1.x, THIS_Value2.x, v);
#endif
}
