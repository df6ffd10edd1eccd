// How much of a line `dist` pixels away covers this pixel, for a line
// `width` pixels wide.
float THIS_cover(float dist, float width) {
  return 1.0 - smoothstep(0.5 * width - 0.5, 0.5 * width + 0.5, dist);
}

vec4 thismap(vec2 fragCoord, Context ctx) {
  vec2 uv = fragCoord / rk_resolution.xy;
  vec2 lo = vec2(THIS_XRange.x, THIS_YRange.x);
  vec2 span = vec2(THIS_XRange.y - THIS_XRange.x, THIS_YRange.y - THIS_YRange.x);
  // An empty range would divide by zero below.
  span = mix(span, vec2(1e-6), lessThan(abs(span), vec2(1e-6)));
  vec2 perPx = span / rk_resolution.xy;  // world units per pixel along x and y
  vec2 w = lo + uv * span;
  vec3 col = THIS_Background;
  // Grid lines, then the axes, as distances in pixels.
  if (THIS_Grid.x > 0.0) {
    float gx = abs(w.x - THIS_Grid.x * floor(w.x / THIS_Grid.x + 0.5)) / abs(perPx.x);
    col = mix(col, THIS_GridColor, THIS_cover(gx, 1.0));
  }
  if (THIS_Grid.y > 0.0) {
    float gy = abs(w.y - THIS_Grid.y * floor(w.y / THIS_Grid.y + 0.5)) / abs(perPx.y);
    col = mix(col, THIS_GridColor, THIS_cover(gy, 1.0));
  }
  col = mix(col, THIS_AxisColor, THIS_cover(abs(w.x) / abs(perPx.x), 1.5));
  col = mix(col, THIS_AxisColor, THIS_cover(abs(w.y) / abs(perPx.y), 1.5));
  // The curve: the vertical gap to f(x) in pixels, over the curve's slope
  // in pixels (from the neighbouring columns), is the distance to it.
  Context c = ropkitDefaultContext();
  float f = inputOp1(w.x, c);
  float fl = inputOp1(w.x - perPx.x, c);
  float fr = inputOp1(w.x + perPx.x, c);
  float slope = 0.5 * (fr - fl) / perPx.y;
  float gap = (w.y - f) / perPx.y;
  float dist = abs(gap) / sqrt(1.0 + slope * slope);
  // A jump between columns (a step function) is drawn as a vertical line.
  float lowEnd = min(f, min(fl, fr));
  float highEnd = max(f, max(fl, fr));
  if (w.y > lowEnd && w.y < highEnd && abs(fr - fl) > 4.0 * abs(perPx.y) * THIS_LineWidth) dist = 0.0;
  col = mix(col, THIS_LineColor, THIS_cover(dist, THIS_LineWidth));
  return vec4(col, 1.0);
}
