ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Axis_x)
  vec2 uv = p.zy;
  float h = p.x;
#elif defined(THIS_Axis_y)
  vec2 uv = p.xz;
  float h = p.y;
#else
  vec2 uv = p.xy;
  float h = p.z;
#endif
#if defined(THIS_Iterate_on) || defined(THIS_Provide_on) || defined(THIS_UvMode_depth)
  // 0 at the bottom face, 1 at the top.
  float ratio = (h - THIS_Offset) / max(THIS_Height, 1e-6) + 0.5;
#endif
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iterate_on)
  ctx.iteration.x = ratio;
#endif
#if defined(THIS_Provide_on)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(h, ratio, 0.0, 0.0);
  ReturnT res = inputOp1(uv, ctx);
  THIS_VAR = previous;
#else
  ReturnT res = inputOp1(uv, ctx);
#endif
#if defined(ROPKIT_SDF_UV) && defined(THIS_RETURN_TYPE_Sdf) && defined(THIS_UvMode_depth)
  res.uv.y = ratio;
#endif
#if defined(THIS_RETURN_TYPE_Sdf)
  float d2 = res.x;
#else
  float d2 = res;
#endif
  vec2 w = vec2(d2, abs(h - THIS_Offset) - THIS_Height * 0.5);
  float d = min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
#if defined(THIS_RETURN_TYPE_Sdf)
  res.x = d;
#else
  res = d;
#endif
  return res;
}
