ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 r = THIS_Range;
  float span = abs(r.y - r.x) < 1e-9 ? 1e-9 : r.y - r.x;
#if defined(THIS_Extend_repeat)
  float t = fract((inputOp1(p, ctx) - r.x) / span);
#elif defined(THIS_Extend_mirror)
  float t = 1.0 - abs(mod((inputOp1(p, ctx) - r.x) / span, 2.0) - 1.0);
#elif defined(THIS_Extend_zero)
  float t = (inputOp1(p, ctx) - r.x) / span;
  if (t < 0.0 || t > 1.0) return vec4(0.0);
#else
  float t = clamp((inputOp1(p, ctx) - r.x) / span, 0.0, 1.0);
#endif
#if defined(THIS_Mode_twoColors)
  vec4 c = mix(THIS_ColorA, THIS_ColorC, t);
#elif defined(THIS_Mode_palette)
  vec4 c = vec4(0.5 + 0.5 * cos(TAU * (t + THIS_Phase + vec3(0.0, 0.33, 0.67))), 1.0);
#else
  vec4 c = t < 0.5 ? mix(THIS_ColorA, THIS_ColorB, t * 2.0) : mix(THIS_ColorB, THIS_ColorC, t * 2.0 - 1.0);
#endif
#ifdef THIS_HAS_INPUT_2
  c.rgb *= inputOp2(p, ctx);
#endif
  return c;
}
