float THIS_bar(vec2 c, float t) {
#if defined(THIS_Shape_square)
  vec2 e = abs(c) - t;
  return length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#else
  return length(c) - t;
#endif
}

float THIS_smin(float a, float b, float k) {
  if (k <= 0.0) return min(a, b);
  float h = max(k - abs(a - b), 0.0) / k;
  return min(a, b) - h * h * k * 0.25;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float s = THIS_Spacing;
  // Within its cell a point is nearest the bars through the cell's own node.
  vec3 c = q - s * floor(q / s + 0.5);
#if defined(THIS_Layout_grid)
  c.y = q.y;
#endif
  float t = THIS_Thickness;
  float k = THIS_Blend;
  float d = THIS_smin(THIS_bar(c.yz, t), THIS_bar(c.xy, t), k);
#if defined(THIS_Layout_cubic)
  d = THIS_smin(d, THIS_bar(c.xz, t), k);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
