ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float x = inputOp1(p, ctx);
#else
  float x = p;
#endif
  float r = abs(x - THIS_Center);
  float hw = 0.5 * max(THIS_Width, 0.0);
#if defined(THIS_Shape_cubic)
  float t = hw > 0.0 ? min(r / hw, 1.0) : 1.0;
  return 1.0 - t * t * (3.0 - 2.0 * t);
#else
  float s = 0.5 * THIS_Softness;
  if (s <= 0.0) return r <= hw ? 1.0 : 0.0;
  return 1.0 - smoothstep(hw - s, hw + s, r);
#endif
}
