ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_float)
  float x = p;
#else
  float x = p.x;
#endif
  float t = (x - THIS_Phase) / THIS_Period;
  vec3 angle = 6.283185307179586 * (THIS_Color3 * t + THIS_Color4);
  return vec4(THIS_Color1 + THIS_Color2 * cos(angle), 1.0);
}
