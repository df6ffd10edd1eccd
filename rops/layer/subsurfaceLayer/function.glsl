#if defined(THIS_Method_thickness) && defined(THIS_HAS_INPUT_2)
// How far light travels inside the body (the shape input) from a point
// Thickness beneath the surface at p towards the light l: the mean, over
// Samples directions spread about l by Scatter, of the distance from p to
// where a march from there leaves the body.
float THIS_depth(vec3 p, vec3 n, vec3 l) {
  vec3 start = p - n * THIS_Thickness;
  float total = 0.0;
  for (int k = 0; k < THIS_Samples; k++) {
    // A fixed spread of directions about l, the same at every point.
    vec3 jitter = fract(sin(vec3(12.9898, 78.233, 37.719) * float(k + 1)) * 43758.5453) * 2.0 - 1.0;
    vec3 dir = normalize(l + THIS_Scatter * jitter);
    vec3 q = start;
    for (int i = 0; i < THIS_MaxSteps; i++) {
      float d = inputOp2(q, ropkitContextAt(q)).x;
      if (d >= 0.0) break;
      q += max(-0.5 * d, 5e-5) * dir;
    }
    total += length(q - p);
  }
  return total / float(THIS_Samples);
}
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = vec3(0.0);
  if (!ctx.light.absent && !ctx.light.ambient) {
    vec3 l = normalize(ctx.light.pos - p);
#if defined(THIS_Method_thickness) && defined(THIS_HAS_INPUT_2)
    // Light that crossed a thin part of the body gets through: exp(Offset -
    // depth Density) to the Exponent.
    float s = pow(exp(THIS_Offset - THIS_depth(p, ctx.normal, l) * THIS_Density), THIS_Exponent);
#else
    float w = clamp(THIS_Wrap, 0.0, 1.0);
    float s = max((dot(ctx.normal, l) + w) / (1.0 + w), 0.0);
#endif
    c = THIS_Color * THIS_Strength * s * ctx.light.color;
  }
#ifdef THIS_HAS_INPUT_1
  c += inputOp1(p, ctx).rgb;
#endif
  return vec4(c, 1.0);
}
