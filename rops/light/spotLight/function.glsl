ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 axis = normalize(THIS_Target - THIS_Position);
  vec3 toP = normalize(p - THIS_Position);
  float inner = cos(radians(clamp(THIS_Angle, 0.0, 90.0)));
  float outer = cos(radians(clamp(THIS_Angle + THIS_Softness, 0.0, 179.0)));
  float k = smoothstep(outer, max(inner, outer + 1e-4), dot(toP, axis));
  Light light = Light(THIS_Position, THIS_Color * THIS_Intensity * k, false, false);
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
