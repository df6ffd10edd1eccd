ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 lo = inputOp1(p, ctx);
  vec4 hi = inputOp2(p, ctx);
  vec3 a = lo.rgb;
  vec3 b = hi.rgb;
#if defined(THIS_Mode_add)
  vec3 c = a + b;
#elif defined(THIS_Mode_multiply)
  vec3 c = a * b;
#elif defined(THIS_Mode_screen)
  vec3 c = 1.0 - (1.0 - a) * (1.0 - b);
#elif defined(THIS_Mode_overlay)
  vec3 c = mix(2.0 * a * b, 1.0 - 2.0 * (1.0 - a) * (1.0 - b), step(0.5, a));
#elif defined(THIS_Mode_darken)
  vec3 c = min(a, b);
#elif defined(THIS_Mode_lighten)
  vec3 c = max(a, b);
#elif defined(THIS_Mode_difference)
  vec3 c = abs(a - b);
#elif defined(THIS_Mode_subtract)
  vec3 c = a - b;
#else
  vec3 c = b;
#endif
  float k = clamp(hi.a * THIS_Opacity, 0.0, 1.0);
  return vec4(mix(a, c, k), k + lo.a * (1.0 - k));
}
