ReturnT thismap(CoordT p, ContextT ctx) {
#ifdef THIS_HAS_INPUT_1
  float v = inputOp1(p, ctx);
#else
  float v = p.x;
#endif
  float span = THIS_Range.y - THIS_Range.x;
  float t = (v - THIS_Range.x) / (abs(span) > 1e-9 ? span : 1e-9);
  float nm = mix(THIS_Wavelengths.x, THIS_Wavelengths.y, t);
#if defined(THIS_Spectrum_cie)
  return vec4(THIS_Brightness * rklSpectral(nm), 1.0);
#else
  return vec4(THIS_Brightness * rklSpectrumFit(THIS_Spectrum_INDEX, nm), 1.0);
#endif
}
