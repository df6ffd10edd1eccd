ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT q = p;
#if defined(THIS_Axis_y) || (defined(THIS_Axis_z) && defined(THIS_COORD_TYPE_vec2))
  float x = p.y - THIS_Offset;
#elif defined(THIS_Axis_z)
  float x = p.z - THIS_Offset;
#else
  float x = p.x - THIS_Offset;
#endif
  // A smooth |x|: never below |x| and 1-Lipschitz, so distances stay bounds.
  x = sqrt(x * x + THIS_Smoothness * THIS_Smoothness) + THIS_Offset;
#if defined(THIS_Axis_y) || (defined(THIS_Axis_z) && defined(THIS_COORD_TYPE_vec2))
  q.y = x;
#elif defined(THIS_Axis_z)
  q.z = x;
#else
  q.x = x;
#endif
  return inputOp1(q, ctx);
}
