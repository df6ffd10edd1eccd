// The UV of the shape's result at p, or of the hit being shaded.
ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_HAS_INPUT_1)
  vec4 uv = vec4(inputOp1(p, ctx).uv, 0.0, 1.0);
#elif defined(THIS_CONTEXT_TYPE_MaterialContext)
  vec4 uv = vec4(ctx.result.uv, 0.0, 1.0);
#else
  vec4 uv = vec4(THIS_Default, 0.0, 0.0);
#endif
#if defined(THIS_RETURN_TYPE_vec4)
  return uv;
#elif defined(THIS_Component_v)
  return uv.y;
#else
  return uv.x;
#endif
}
