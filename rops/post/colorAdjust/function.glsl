ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec3 rgb = colHueRotate(c.rgb, THIS_Hue);
  rgb = mix(vec3(colLuma(rgb)), rgb, THIS_Saturation);
  rgb = (rgb - 0.5) * THIS_Contrast + 0.5;
  rgb += THIS_Brightness;
  // Gamma 1 leaves every value as it was, negative ones included.
  if (THIS_Gamma != 1.0) rgb = pow(max(rgb, vec3(0.0)), vec3(1.0 / THIS_Gamma));
  return vec4(rgb, c.a);
}
