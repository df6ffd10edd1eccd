ReturnT thismap(CoordT p, ContextT ctx) {
  float e = max(THIS_Step, 1e-6);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 g = vec3(inputOp1(p + vec3(e, 0.0, 0.0), ctx) - inputOp1(p - vec3(e, 0.0, 0.0), ctx),
                inputOp1(p + vec3(0.0, e, 0.0), ctx) - inputOp1(p - vec3(0.0, e, 0.0), ctx),
                inputOp1(p + vec3(0.0, 0.0, e), ctx) - inputOp1(p - vec3(0.0, 0.0, e), ctx)) / (2.0 * e);
#else
  vec3 g = vec3(inputOp1(p + vec2(e, 0.0), ctx) - inputOp1(p - vec2(e, 0.0), ctx),
                inputOp1(p + vec2(0.0, e), ctx) - inputOp1(p - vec2(0.0, e), ctx), 0.0) / (2.0 * e);
#endif
  float len = length(g);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(THIS_Normalize ? g / max(len, 1e-12) : g, len);
#else
  return len;
#endif
}
