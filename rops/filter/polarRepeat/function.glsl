ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Axis_x)
  vec2 w = p.zy;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
#else
  vec2 w = p.xz;
#endif
  float n = max(floor(THIS_Count + 0.5), 1.0);
  float angle = TAU / n;
  float a = atan(w.y, w.x) - radians(THIS_Rotate) + angle * 0.5;
  float c = floor(a / angle);
  a = mod(a, angle) - angle * 0.5;
  w = vec2(cos(a), sin(a)) * length(w);
  w.x -= THIS_Offset;
  CoordT q = p;
#if defined(THIS_COORD_TYPE_vec2)
  q = w;
#elif defined(THIS_Axis_x)
  q.zy = w;
#elif defined(THIS_Axis_z)
  q.xy = w;
#else
  q.xz = w;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(mod(c, n), n, 0.0, 0.0);
#endif
#if defined(ROPKIT_SDF_ITERATION) && defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_CONTEXT_TYPE_Context)
  // The iteration buffer shows which copy was hit.
  Sdf res = inputOp1(q, ctx);
  res.iteration = ctx.iteration;
  return res;
#else
  return inputOp1(q, ctx);
#endif
}
