ReturnT thismap(CoordT p, ContextT ctx) {
  float a = radians(THIS_Angle);
  float d = dot(p - THIS_Translate, vec2(cos(a), sin(a)));
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
