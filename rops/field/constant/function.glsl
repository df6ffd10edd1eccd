ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_RETURN_TYPE_vec4)
  return THIS_Color;
#else
  return THIS_Value;
#endif
}
