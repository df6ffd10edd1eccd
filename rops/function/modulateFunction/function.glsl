ReturnT thismap(CoordT p, ContextT ctx) {
  // A float result fills x only, a vector gives its first components.
  vec4 v = vec4(0.0);
#ifdef inputOp2_RETURN_TYPE_vec4
  v = inputOp2(p, ctx);
#else
  v.x = inputOp2(p, ctx);
#endif
#if defined(THIS_COORD_TYPE_vec3)
  return inputOp1(v.xyz, ctx);
#elif defined(THIS_COORD_TYPE_vec2)
  return inputOp1(v.xy, ctx);
#else
  return inputOp1(v.x, ctx);
#endif
}
