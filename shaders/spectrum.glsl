// Colours from numbers: HSV, the colour of light of one wavelength, and the
// colour of a black body's glow. Wavelength colours use the CIE 1931
// standard observer as fitted by Wyman, Sloan and Shirley (2013) with
// piecewise Gaussians, and the sRGB (D65) primaries; results are linear RGB.
// Its names start with rkl, apart from every other library's.

// Hue (0..1 around the wheel, red at 0), saturation and value to RGB.
vec3 rklHsv(float h, float s, float v) {
  vec3 k = clamp(abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
  return v * mix(vec3(1.0), k, clamp(s, 0.0, 1.0));
}

// A Gaussian lobe with different widths below and above its centre.
float rklLobe(float x, float mu, float below, float above) {
  float t = (x - mu) / (x < mu ? below : above);
  return exp(-0.5 * t * t);
}

// The CIE 1931 colour matching functions at wavelength nm.
vec3 rklCie(float nm) {
  float x = 1.056 * rklLobe(nm, 599.8, 37.9, 31.0) + 0.362 * rklLobe(nm, 442.0, 16.0, 26.7)
      - 0.065 * rklLobe(nm, 501.1, 20.4, 26.2);
  float y = 0.821 * rklLobe(nm, 568.8, 46.9, 40.5) + 0.286 * rklLobe(nm, 530.9, 16.3, 31.1);
  float z = 1.217 * rklLobe(nm, 437.0, 11.8, 36.0) + 0.681 * rklLobe(nm, 459.0, 26.0, 13.8);
  return vec3(x, y, z);
}

vec3 rklXyzToRgb(vec3 c) {
  return vec3(3.2406 * c.x - 1.5372 * c.y - 0.4986 * c.z,
              -0.9689 * c.x + 1.8758 * c.y + 0.0415 * c.z,
              0.0557 * c.x - 0.2040 * c.y + 1.0570 * c.z);
}

// Light of one wavelength in linear RGB. Pure spectral colours lie outside
// the sRGB gamut: white is added until no channel is negative.
vec3 rklSpectral(float nm) {
  vec3 rgb = rklXyzToRgb(rklCie(nm));
  return rgb - min(min(rgb.r, min(rgb.g, rgb.b)), 0.0);
}

// The colour of a black body at `kelvin`: Planck's law weighted by the
// colour matching functions from 380 to 780 nm in 10 nm steps, in linear
// RGB scaled so the brightest channel is 1.
vec3 rklBlackbody(float kelvin) {
  float t = max(kelvin, 100.0);
  vec3 xyz = vec3(0.0);
  for (int i = 0; i <= 40; i++) {
    float nm = 380.0 + 10.0 * float(i);
    float m = nm * 1e-9;
    // Spectral radiance up to a constant factor: 1 / (m^5 (e^(hc / m k T) - 1)),
    // with hc / k = 0.0143877735 m K; m^5 is taken in micrometres to stay in range.
    float um = nm * 1e-3;
    float radiance = 1.0 / (um * um * um * um * um * (exp(0.0143877735 / (m * t)) - 1.0));
    xyz += radiance * rklCie(nm);
  }
  vec3 rgb = max(rklXyzToRgb(xyz), 0.0);
  return rgb / max(max(rgb.r, max(rgb.g, rgb.b)), 1e-20);
}
