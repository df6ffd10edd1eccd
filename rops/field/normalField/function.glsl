#ifdef THIS_HAS_INPUT_1
// The shape's distance, called with a scene context whatever this node's is.
float THIS_dist(CoordT q, ContextT ctx) {
#if defined(THIS_CONTEXT_TYPE_Context)
  return inputOp1(q, ctx).x;
#else
  return inputOp1(q, ropkitDefaultContext()).x;
#endif
}
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  float e = THIS_Step;
#if defined(THIS_COORD_TYPE_vec2)
  vec2 g = vec2(
    THIS_dist(p + vec2(e, 0.0), ctx) - THIS_dist(p - vec2(e, 0.0), ctx),
    THIS_dist(p + vec2(0.0, e), ctx) - THIS_dist(p - vec2(0.0, e), ctx));
  float len = length(g);
  return vec4(len > 0.0 ? g / len : vec2(0.0), 0.0, 0.0);
#else
  vec3 g = vec3(
    THIS_dist(p + vec3(e, 0.0, 0.0), ctx) - THIS_dist(p - vec3(e, 0.0, 0.0), ctx),
    THIS_dist(p + vec3(0.0, e, 0.0), ctx) - THIS_dist(p - vec3(0.0, e, 0.0), ctx),
    THIS_dist(p + vec3(0.0, 0.0, e), ctx) - THIS_dist(p - vec3(0.0, 0.0, e), ctx));
  float len = length(g);
  return vec4(len > 0.0 ? g / len : vec3(0.0), 0.0);
#endif
#elif defined(THIS_NO_NORMAL)
#error normalField: outside a material or a light there is no surface: connect a Shape to take its gradient
#else
  return vec4(ctx.normal, 0.0);
#endif
}
