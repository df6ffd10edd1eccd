#if defined(THIS_Operator_agx)
// An AgX-style curve (ropkit's own fit of the idea, not Blender's
// matrices): the colour is pulled 15% towards its grey so that bright
// saturated colours run to white, encoded as log2 over 16.5 stops (10 below
// middle grey 0.18, 6.5 above), put through the sigmoid
// f = 1 / (1 + (1.667 (1 - t) / t)^2), which takes middle grey to about
// 0.46 (display), pushed back out from its grey, and decoded with gamma
// 2.2, so 0.18 stays about 0.18. The result is linear, 0..1.
vec3 THIS_agx(vec3 x) {
  vec3 v = mix(x, vec3(dot(x, vec3(1.0 / 3.0))), 0.15);
  vec3 t = clamp((log2(max(v, vec3(1e-10)) / 0.18) + 10.0) / 16.5, 1e-6, 1.0);
  vec3 r = 1.667 * (1.0 - t) / t;
  vec3 f = 1.0 / (1.0 + r * r);
  float g = dot(f, vec3(1.0 / 3.0));
  f = clamp(g + (f - g) / 0.85, 0.0, 1.0);
  return pow(f, vec3(2.2));
}
#endif

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec3 x = max(c.rgb * THIS_Exposure, vec3(0.0));
#if defined(THIS_Operator_reinhard)
  vec3 rgb = x / (1.0 + x);
#elif defined(THIS_Operator_hable)
  vec3 rgb = clamp(colHable(x, THIS_White), 0.0, 1.0);
#elif defined(THIS_Operator_clamp)
  vec3 rgb = clamp(x, 0.0, 1.0);
#elif defined(THIS_Operator_agx)
  vec3 rgb = THIS_agx(x);
#elif defined(THIS_Operator_none)
  vec3 rgb = x;
#else
  vec3 rgb = colAces(x);
#endif
  return vec4(rgb, c.a);
}
