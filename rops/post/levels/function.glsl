ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec2 i = THIS_InRange;
  float span = abs(i.y - i.x) < 1e-6 ? 1e-6 : i.y - i.x;
  vec3 t = clamp((c.rgb - i.x) / span, 0.0, 1.0);
  t = pow(t, vec3(1.0 / max(THIS_Gamma, 1e-3)));
  return vec4(mix(vec3(THIS_OutRange.x), vec3(THIS_OutRange.y), t), c.a);
}
