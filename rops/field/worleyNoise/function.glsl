ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3) && defined(THIS_Plane_x)
  vec2 q = p.zy * THIS_Scale + THIS_Translate.zy;
#elif defined(THIS_COORD_TYPE_vec3) && defined(THIS_Plane_y)
  vec2 q = p.xz * THIS_Scale + THIS_Translate.xz;
#elif defined(THIS_COORD_TYPE_vec3) && defined(THIS_Plane_z)
  vec2 q = p.xy * THIS_Scale + THIS_Translate.xy;
#elif defined(THIS_COORD_TYPE_vec3)
  vec3 q = p * THIS_Scale + THIS_Translate;
#else
  vec2 q = p * THIS_Scale + THIS_Translate.xy;
#endif
  vec4 c = cellWorley(q, clamp(THIS_Jitter, 0.0, 1.0), THIS_Metric_INDEX, THIS_Smoothness);
#if defined(THIS_Output_f2)
  float v = c.y;
#elif defined(THIS_Output_edges)
  float v = c.y - c.x;
#elif defined(THIS_Output_smoothF1)
  float v = c.w;
#else
  float v = c.x;
#endif
  v = v * THIS_Amplitude + THIS_Offset;
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
