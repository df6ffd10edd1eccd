ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 c = inputOp1(p, ctx);
  vec3 rgb = colHueRotate(c.rgb, THIS_Hue);
  rgb = mix(vec3(colLuma(rgb)), rgb, THIS_Saturation);
  rgb = (rgb - 0.5) * THIS_Contrast + 0.5;
  rgb += THIS_Brightness;
  return vec4(rgb, c.a);
}
