ReturnT thismap(CoordT p, ContextT ctx) {
  float s = 1.0 / THIS_AngleScale;
#if defined(THIS_COORD_TYPE_vec2)
  CoordT q = p.x * vec2(cos(p.y * s), sin(p.y * s)) + THIS_Center.xy;
#elif defined(THIS_Conversion_spherical)
  float t = p.y * s;
  float f = p.z * s;
  CoordT q = p.x * vec3(sin(t) * cos(f), cos(t), sin(t) * sin(f)) + THIS_Center;
#else
  float f = p.z * s;
  CoordT q = dmUnplane(p, p.x * vec2(cos(f), sin(f)), p.y, THIS_AXIS) + THIS_Center;
#endif
  return inputOp1(q, ctx);
}
