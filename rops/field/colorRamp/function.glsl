ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 r = THIS_Range;
  float span = abs(r.y - r.x) < 1e-9 ? 1e-9 : r.y - r.x;
  float t = clamp((inputOp1(p, ctx) - r.x) / span, 0.0, 1.0);
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
