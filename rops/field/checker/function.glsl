ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT c = floor(p / max(THIS_Scale, 1e-6));
#if defined(THIS_COORD_TYPE_vec3)
  float v = mod(c.x + c.y + c.z, 2.0);
#else
  float v = mod(c.x + c.y, 2.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return mix(THIS_ColorA, THIS_ColorB, v);
#else
  return v;
#endif
}
