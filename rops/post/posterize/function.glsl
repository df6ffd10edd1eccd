ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  float steps = float(max(THIS_Levels, 2) - 1);
  return vec4(floor(clamp(c.rgb, 0.0, 1.0) * steps + 0.5) / steps, c.a);
}
