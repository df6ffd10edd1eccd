ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 it = ctx.iteration;
  float ratio = it.y > 0.0 ? it.x / it.y : fract(it.x * 0.618034);
#if defined(THIS_Format_rawIndex)
  float v = it.x;
#elif defined(THIS_Format_count)
  float v = it.y;
#elif defined(THIS_Format_z)
  float v = it.z;
#elif defined(THIS_Format_w)
  float v = it.w;
#else
  float v = ratio;
#endif
#if defined(THIS_RETURN_TYPE_vec4)
#if defined(THIS_Format_raw)
  return it;
#elif defined(THIS_Format_color)
  return vec4(0.5 + 0.5 * cos(TAU * (ratio + vec3(0.0, 0.33, 0.67))), 1.0);
#else
  return vec4(vec3(v), 1.0);
#endif
#else
  return v;
#endif
}
