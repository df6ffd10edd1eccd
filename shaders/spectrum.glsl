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

// The published wavelength-to-RGB fits, for nm (values as the fits give
// them). kind: 1 Zucconi's bump fit, 2 its six-bump refinement (Alan
// Zucconi, "Improving the Rainbow", 2017), 3 the MATLAB jet colour map,
// 4 the GPU Gems bump fit (GPU Gems ch. 8), 5 Dan Bruton's piecewise linear
// spectrum (380-780 nm), 6 Spektre's piecewise quadratics (400-700 nm). The
// first four read 400..700 nm as 0..1, held at the ends.
vec3 rklBump(vec3 x, vec3 lift) {
  return clamp(1.0 - x * x - lift, 0.0, 1.0);
}

// a + b t + c t^2 for t from 0 at lo to 1 at hi, where from <= nm < hi; else 0.
float rklQuad(float nm, float from, float lo, float hi, vec3 abc) {
  float t = (nm - lo) / (hi - lo);
  return nm >= from && nm < hi ? abc.x + (abc.y + abc.z * t) * t : 0.0;
}

vec3 rklSpectrumFit(int kind, float nm) {
  float x = clamp((nm - 400.0) / 300.0, 0.0, 1.0);
  if (kind == 1) {
    return rklBump(vec3(3.54541723, 2.86670055, 2.29421995) * (x - vec3(0.69548916, 0.49416934, 0.28269708)),
                   vec3(0.02320775, 0.15936245, 0.53520021));
  }
  if (kind == 2) {
    return rklBump(vec3(3.54585104, 2.93225262, 2.41593945) * (x - vec3(0.69549072, 0.49228336, 0.27699880)),
                   vec3(0.02312639, 0.15225084, 0.52607955))
         + rklBump(vec3(3.90307140, 3.21182957, 3.96587128) * (x - vec3(0.11748627, 0.86755042, 0.66077860)),
                   vec3(0.84897130, 0.88445281, 0.73949448));
  }
  if (kind == 3) {
    return clamp(vec3(4.0 * x - 2.0, min(4.0 * x, 4.0 - 4.0 * x), 2.0 - 4.0 * x), 0.0, 1.0);
  }
  if (kind == 4) {
    return rklBump(4.0 * (x - vec3(0.75, 0.5, 0.25)), vec3(0.0));
  }
  if (kind == 5) {
    float r = nm < 440.0 ? (440.0 - nm) / 60.0 : (nm - 510.0) / 70.0;
    float g = min((nm - 440.0) / 50.0, (645.0 - nm) / 65.0);
    float b = nm < 490.0 ? 1.0 : (510.0 - nm) / 20.0;
    float seen = nm >= 380.0 && nm <= 780.0 ? 1.0 : 0.0;
    return seen * clamp(vec3(r, g, b), 0.0, 1.0);
  }
  float r = rklQuad(nm, 400.0, 400.0, 410.0, vec3(0.0, 0.33, -0.20)) + rklQuad(nm, 410.0, 410.0, 475.0, vec3(0.14, 0.0, -0.13))
          + rklQuad(nm, 545.0, 545.0, 595.0, vec3(0.0, 1.98, -1.0)) + rklQuad(nm, 595.0, 595.0, 650.0, vec3(0.98, 0.06, -0.40))
          + rklQuad(nm, 650.0, 650.0, 700.0, vec3(0.65, -0.84, 0.20));
  // The third green piece starts at 585 nm but counts from 590, where the
  // second ends.
  float g = rklQuad(nm, 415.0, 415.0, 475.0, vec3(0.0, 0.0, 0.80)) + rklQuad(nm, 475.0, 475.0, 590.0, vec3(0.8, 0.76, -0.80))
          + rklQuad(nm, 590.0, 585.0, 639.0, vec3(0.82, -0.80, 0.0));
  float b = rklQuad(nm, 400.0, 400.0, 475.0, vec3(0.0, 2.20, -1.50)) + rklQuad(nm, 475.0, 475.0, 560.0, vec3(0.7, -1.0, 0.30));
  return vec3(r, g, b);
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
