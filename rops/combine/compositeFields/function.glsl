// The blend modes channel by channel, a the bottom colour and b the top.
vec3 THIS_burn(vec3 a, vec3 b) {
  return mix(max(1.0 - (1.0 - a) / max(b, 1e-6), 0.0), b, vec3(lessThanEqual(b, vec3(0.0))));
}
vec3 THIS_dodge(vec3 a, vec3 b) {
  return mix(min(a / max(1.0 - b, 1e-6), 1.0), b, vec3(greaterThanEqual(b, vec3(1.0))));
}
vec3 THIS_reflect(vec3 a, vec3 b) {
  return mix(min(a * a / max(1.0 - b, 1e-6), 1.0), b, vec3(greaterThanEqual(b, vec3(1.0))));
}
vec3 THIS_vivid(vec3 a, vec3 b) {
  return mix(THIS_dodge(a, 2.0 * (b - 0.5)), THIS_burn(a, 2.0 * b), vec3(lessThan(b, vec3(0.5))));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 lo = inputOp1(p, ctx);
  vec4 hi = inputOp2(p, ctx);
  vec3 a = lo.rgb;
  vec3 b = hi.rgb;
  vec3 low = vec3(lessThan(b, vec3(0.5)));
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
#elif defined(THIS_Mode_average)
  vec3 c = 0.5 * (a + b);
#elif defined(THIS_Mode_colorBurn)
  vec3 c = THIS_burn(a, b);
#elif defined(THIS_Mode_colorDodge)
  vec3 c = THIS_dodge(a, b);
#elif defined(THIS_Mode_exclusion)
  vec3 c = a + b - 2.0 * a * b;
#elif defined(THIS_Mode_glow)
  vec3 c = THIS_reflect(b, a);
#elif defined(THIS_Mode_hardLight)
  vec3 c = mix(1.0 - 2.0 * (1.0 - a) * (1.0 - b), 2.0 * a * b, low);
#elif defined(THIS_Mode_hardMix)
  vec3 c = step(0.5, THIS_vivid(a, b));
#elif defined(THIS_Mode_linearBurn)
  vec3 c = max(a + b - 1.0, 0.0);
#elif defined(THIS_Mode_linearDodge)
  vec3 c = min(a + b, 1.0);
#elif defined(THIS_Mode_linearLight)
  vec3 c = mix(min(a + 2.0 * (b - 0.5), 1.0), max(a + 2.0 * b - 1.0, 0.0), low);
#elif defined(THIS_Mode_negation)
  vec3 c = 1.0 - abs(1.0 - a - b);
#elif defined(THIS_Mode_phoenix)
  vec3 c = min(a, b) - max(a, b) + 1.0;
#elif defined(THIS_Mode_pinLight)
  vec3 c = mix(max(a, 2.0 * (b - 0.5)), min(a, 2.0 * b), low);
#elif defined(THIS_Mode_reflect)
  vec3 c = THIS_reflect(a, b);
#elif defined(THIS_Mode_softLight)
  vec3 c = mix(sqrt(max(a, 0.0)) * (2.0 * b - 1.0) + 2.0 * a * (1.0 - b), 2.0 * a * b + a * a * (1.0 - 2.0 * b), low);
#elif defined(THIS_Mode_vividLight)
  vec3 c = THIS_vivid(a, b);
#else
  vec3 c = b;
#endif
  float k = clamp(hi.a * THIS_Opacity, 0.0, 1.0);
  return vec4(mix(a, c, k), k + lo.a * (1.0 - k));
}
