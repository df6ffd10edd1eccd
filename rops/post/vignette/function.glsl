ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  float d = length(p.xy - THIS_Center);
  float k = THIS_Strength * smoothstep(THIS_Radius, THIS_Radius + max(THIS_Softness, 1e-6), d);
  return vec4(mix(c.rgb, THIS_Color, k), c.a);
}
