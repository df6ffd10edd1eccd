ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 r = rkcCubic(vec3(p, 0.0), vec3(THIS_A, 0.0), vec3(THIS_B, 0.0), vec3(THIS_C, 0.0), vec3(THIS_D, 0.0));
  float d = r.x - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
