float THIS_edge(float x, float w) {
  return w > 0.0 ? smoothstep(-0.5 * w, 0.5 * w, x) : step(0.0, x);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  float x = p.x;
#elif defined(THIS_Axis_y)
  float x = p.y;
#elif defined(THIS_COORD_TYPE_vec3)
  float x = p.z;
#else
  float x = 0.0;
#endif
  float lo = min(THIS_Start, THIS_End);
  float hi = max(THIS_Start, THIS_End);
  float v = THIS_edge(x - lo, THIS_Softness) * THIS_edge(hi - x, THIS_Softness);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
