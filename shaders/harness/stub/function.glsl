ReturnT thismap(CoordT p, ContextT ctx) {
  float d = length(p) - 0.5;
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#elif defined(THIS_RETURN_TYPE_float)
  return d;
#elif defined(THIS_RETURN_TYPE_vec4)
  return vec4(d, 0.5, 0.25, 1.0);
#elif defined(THIS_RETURN_TYPE_Ray)
  return Ray(vec3(0.0, 0.0, -5.0), normalize(vec3(vec2(d), 1.0)));
#else
  return Light(vec3(5.0), vec3(1.0), false, false);
#endif
}
