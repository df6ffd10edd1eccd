ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Plane_xy)
  vec2 w = p.xy;
#elif defined(THIS_Plane_yz)
  vec2 w = p.yz;
#else
  vec2 w = p.xz;
#endif
  float idx = w.x >= 0.0 ? (w.y >= 0.0 ? 0.0 : 3.0) : (w.y >= 0.0 ? 1.0 : 2.0);
  w = abs(w) - THIS_Offset;
  CoordT q = p;
#if defined(THIS_COORD_TYPE_vec2)
  q = w;
#elif defined(THIS_Plane_xy)
  q.xy = w;
#elif defined(THIS_Plane_yz)
  q.yz = w;
#else
  q.xz = w;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(idx, 4.0, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
