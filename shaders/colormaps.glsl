// Colour maps for showing a value in 0..1, shared by the outputs that draw
// fields. The perceptual maps (viridis, magma, inferno: Smith and van der
// Walt's matplotlib maps) pass through nine of their published colours,
// evenly spaced, with straight lines between; coolwarm is Moreland's
// diverging blue-to-red map through its grey middle. Colours are display
// values (what the image stores), not linear light.
// Its names start with rkc, apart from every other library's.

vec3 rkcNine(float t, vec3 c0, vec3 c1, vec3 c2, vec3 c3, vec3 c4, vec3 c5, vec3 c6, vec3 c7, vec3 c8) {
  float x = clamp(t, 0.0, 1.0) * 8.0;
  float i = min(floor(x), 7.0);
  float f = x - i;
  vec3 a = i < 1.0 ? c0 : i < 2.0 ? c1 : i < 3.0 ? c2 : i < 4.0 ? c3 : i < 5.0 ? c4 : i < 6.0 ? c5 : i < 7.0 ? c6 : c7;
  vec3 b = i < 1.0 ? c1 : i < 2.0 ? c2 : i < 3.0 ? c3 : i < 4.0 ? c4 : i < 5.0 ? c5 : i < 6.0 ? c6 : i < 7.0 ? c7 : c8;
  return mix(a, b, f) / 255.0;
}

vec3 rkcViridis(float t) {
  return rkcNine(t, vec3(68, 1, 84), vec3(71, 45, 123), vec3(59, 82, 139), vec3(44, 114, 142),
                 vec3(33, 145, 140), vec3(40, 174, 128), vec3(94, 201, 98), vec3(173, 220, 48),
                 vec3(253, 231, 37));
}

vec3 rkcMagma(float t) {
  return rkcNine(t, vec3(0, 0, 4), vec3(28, 16, 68), vec3(79, 18, 123), vec3(129, 37, 129),
                 vec3(181, 54, 122), vec3(229, 80, 100), vec3(251, 135, 97), vec3(254, 194, 135),
                 vec3(252, 253, 191));
}

vec3 rkcInferno(float t) {
  return rkcNine(t, vec3(0, 0, 4), vec3(31, 12, 72), vec3(85, 15, 109), vec3(136, 34, 106),
                 vec3(186, 54, 85), vec3(227, 89, 51), vec3(249, 142, 9), vec3(248, 201, 50),
                 vec3(252, 255, 164));
}

vec3 rkcCoolwarm(float t) {
  t = clamp(t, 0.0, 1.0);
  vec3 cold = vec3(59, 76, 192) / 255.0;
  vec3 mid = vec3(221, 221, 221) / 255.0;
  vec3 warm = vec3(180, 4, 38) / 255.0;
  return t < 0.5 ? mix(cold, mid, 2.0 * t) : mix(mid, warm, 2.0 * t - 1.0);
}

// A full turn of hues at full saturation and value, red at 0 and 1.
vec3 rkcRainbow(float t) {
  return clamp(abs(fract(t + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
}
