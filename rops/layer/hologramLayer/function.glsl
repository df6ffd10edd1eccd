// A fully saturated, fully bright colour of hue h (0..1 round the wheel).
vec3 THIS_hue(float h) {
  vec3 k = abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0;
  return clamp(k, 0.0, 1.0);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int n = max(THIS_Iterations, 1);
  vec3 sum = vec3(0.0);
  float level = 1.0;
#ifdef THIS_HAS_INPUT_2
  THIS_Type previous = THIS_VAR;
#endif
  for (int i = 0; i < n; i++) {
    vec3 q = ctx.ray.pos + ctx.ray.dir * (THIS_StepDistance * float(i));
#ifdef THIS_HAS_INPUT_2
    float share = n > 1 ? float(i) / float(n - 1) : 0.0;
#ifdef THIS_Type_vec2
    THIS_VAR = vec2(share, float(i));
#else
    THIS_VAR = share;
#endif
#ifdef inputOp2_RETURN_TYPE_float
    sum += vec3(inputOp2(q, ctx));
#else
    sum += inputOp2(q, ctx).rgb;
#endif
#else
    vec3 w = sin(q / THIS_Period);
    level += abs(w.x + w.y + w.z);
    sum += THIS_hue(level / 10.0 + THIS_Phase);
#endif
  }
#ifdef THIS_HAS_INPUT_2
  THIS_VAR = previous;
#endif
  vec3 c = ropkitEmit(ctx, sum / float(n));
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
