ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  float x = inputOp1(p, ctx);
#elif defined(THIS_Axis_length)
  float x = length(p);
#elif defined(THIS_Axis_z) && defined(THIS_COORD_TYPE_vec2)
  float x = 0.0;
#else
  float x = p.THIS_Axis;
#endif
  return inputOp2(x, ctx);
}
