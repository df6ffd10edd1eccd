ReturnT thismap(CoordT p, ContextT ctx) {
  float t = 0.0;
#if defined(THIS_Source_field) && defined(THIS_HAS_INPUT_2)
  t = inputOp2(p, ctx);
#elif defined(THIS_CONTEXT_TYPE_Context)
  t = THIS_UseIndexRange ? ctx.iteration.x : ctx.iteration.x / max(ctx.iteration.y - 1.0, 1.0);
#endif
  if (THIS_UseIndexRange) {
    vec2 range = THIS_IndexRange;
    float span = range.y - range.x;
    t = (t - range.x) / (abs(span) < 1e-6 ? 1e-6 : span);
  }
  if (THIS_Loop) {
    t = fract(t);
  } else if (THIS_Clamp) {
    t = clamp(t, 0.0, 1.0);
  }
  vec3 move = mix(THIS_TranslateFrom, THIS_TranslateTo, t);
  vec3 turn = mix(THIS_RotateFrom, THIS_RotateTo, t);
  float s = max(mix(THIS_ScaleFrom, THIS_ScaleTo, t), 1e-4);
#if defined(THIS_COORD_TYPE_vec2)
  CoordT q = xfRotate(p - move.xy, -radians(turn.z)) / s;
#else
  CoordT q = (p - move) * xfEuler(turn) / s;
#endif
  ReturnT res = inputOp1(q, ctx);
  dmScaleDist(res, s);
  return res;
}
