float THIS_bar(vec2 c, float t) {
#if defined(THIS_Shape_square)
  vec2 e = abs(c) - t;
  return length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
#elif defined(THIS_Shape_diamond)
  // A square turned 45 degrees, corners t out along each axis.
  vec2 a = abs(c);
  vec2 e = abs(vec2(a.x + a.y, a.y - a.x) * 0.70710678118) - t * 0.70710678118;
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

#include "node/axisUp.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  float t = THIS_Thickness;
  float k = THIS_Blend;
#if defined(THIS_COORD_TYPE_vec2)
  // A flat grid of lines (hbars: those across x only; vbars: across y).
  vec2 s = THIS_Spacing * THIS_AxisSpacing.xy;
  vec2 q = p - THIS_Translate.xy;
  vec2 c = abs(q - s * floor(q / s + 0.5));
#if defined(THIS_Pattern_hbars)
  float d = c.y - t;
#elif defined(THIS_Pattern_vbars)
  float d = c.x - t;
#else
  float d = THIS_smin(c.x - t, c.y - t, k);
#endif
#else
  vec3 s = THIS_Spacing * THIS_AxisSpacing;
#if defined(THIS_Layout_grid)
  // The grid's plane across the Axis: the frame's x and z, s in its order.
  vec3 q = THIS_UP(p - THIS_Translate);
  s = THIS_UP(s);
#else
  vec3 q = p - THIS_Translate;
#endif
  // Within its cell a point is nearest the bars through the cell's own node.
  vec3 c = q - s * floor(q / s + 0.5);
#if defined(THIS_Layout_grid)
  c.y = q.y;
#endif
#if defined(THIS_Layout_grid) && defined(THIS_Pattern_hbars)
  float d = THIS_bar(c.yz, t);
#elif defined(THIS_Layout_grid) && defined(THIS_Pattern_vbars)
  float d = THIS_bar(c.xy, t);
#else
  float d = THIS_smin(THIS_bar(c.yz, t), THIS_bar(c.xy, t), k);
#endif
#if defined(THIS_Layout_cubic)
  d = THIS_smin(d, THIS_bar(c.xz, t), k);
#endif
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
