ReturnT thismap(CoordT p, ContextT ctx) {
  Light light = inputOp1(p, ctx);
  if (light.absent) return light;
  float keep = 1.0;
  if (THIS_EnableAttenuation) {
    float half_fade = 0.5 * THIS_AttenuationFade;
    float d = distance(p, light.pos);
    keep = 1.0 - smoothstep(THIS_AttenuationDistance - half_fade, THIS_AttenuationDistance + half_fade, d);
  }
#ifdef THIS_HAS_INPUT_2
  if (THIS_EnableBounds) {
    float outside = inputOp2(p, ctx).x - THIS_BoundsOffset;
    if (outside > 0.0) keep *= 1.0 - smoothstep(0.0, THIS_BoundsBlending, outside);
  }
#endif
  if (THIS_OptimizeOutside && keep <= 0.0) {
    light.absent = true;
    return light;
  }
  light.color *= keep;
  return light;
}
