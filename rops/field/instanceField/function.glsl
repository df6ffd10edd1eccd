ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 v = THIS_VAR;
#if defined(THIS_CONTEXT_TYPE_Context)
  // The variable is set only while the scene is evaluated; elsewhere (a
  // material's colour field) it is back at its start, count 0, and the
  // hit's iteration carries the instance.
  if (v.y < 0.5) v = ctx.iteration;
#endif
  // The colour travels packed, 8 bits a channel (see instance).
  vec3 color = mod(floor(v.z / vec3(65536.0, 256.0, 1.0)), 256.0) / 255.0;
#if defined(THIS_Format_index)
  vec4 r = vec4(v.x);
#elif defined(THIS_Format_ratio)
  vec4 r = vec4(v.x / max(v.y - 1.0, 1.0));
#elif defined(THIS_Format_count)
  vec4 r = vec4(v.y);
#elif defined(THIS_Format_color)
  vec4 r = vec4(color, 1.0);
#elif defined(THIS_Format_scale)
  vec4 r = vec4(v.w);
#else
  vec4 r = v;
#endif
#if defined(THIS_RETURN_TYPE_float)
  return r.x;
#else
  return r;
#endif
}
