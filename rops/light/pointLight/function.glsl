ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 previous = THIS_VAR;
  vec3 toLight = THIS_Position - p;
  THIS_VAR = length(toLight) > 0.0 ? normalize(toLight) : vec3(0.0, 1.0, 0.0);
  Light light = Light(THIS_Position, THIS_Color * THIS_Intensity, false, false);
  THIS_VAR = previous;
  if (THIS_Attenuated) {
    // 1 within the start, 0 past the end, smooth between; the curve input
    // reshapes it.
    float t = clamp((length(p - THIS_Position) - THIS_AttenuationStart) / max(THIS_AttenuationEnd - THIS_AttenuationStart, 1e-6), 0.0, 1.0);
    float fall = 1.0 - t * t * (3.0 - 2.0 * t);
#ifdef THIS_HAS_INPUT_1
    fall = inputOp1(fall, ctx);
#endif
    light.color *= fall;
  }
  return light;
}
