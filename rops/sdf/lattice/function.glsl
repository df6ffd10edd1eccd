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

// The lattices of bars through every node along other directions than the
// axes (round bars): fcc, the 12 face diagonals; bcc, the 8 body diagonals.
float THIS_fcc(vec3 c, float t, float k) {
  vec3 o = abs(c);
  vec3 h = 0.5 * o;
  float s = length(vec3(o.xy - (h.x + h.y), o.z));
  s = THIS_smin(s, length(vec3(o.xz - (h.x + h.z), o.y)), k);
  s = THIS_smin(s, length(vec3(o.yz - (h.y + h.z), o.x)), k);
  return s - t;
}

float THIS_bcc(vec3 c, float t) {
  vec3 o = abs(c);
  return length(o - (o.x + o.y + o.z) / 3.0) - t;
}

// The axis bars of the cubic layout.
float THIS_cc(vec3 c, float t, float k) {
  return THIS_smin(THIS_smin(THIS_bar(c.yz, t), THIS_bar(c.xy, t), k), THIS_bar(c.xz, t), k);
}

// Lattice kind i (0..6): the axis bars (cc), the face diagonals (fcc), both,
// the body diagonals (bcc), cc and bcc, fcc and bcc, all three.
float THIS_kind(vec3 c, int i, float t, float k) {
  if (i == 0) return THIS_cc(c, t, k);
  if (i == 1) return THIS_fcc(c, t, k);
  if (i == 2) return THIS_smin(THIS_cc(c, t, 0.5 * k), THIS_fcc(c, t, 0.5 * k), k);
  if (i == 3) return THIS_bcc(c, t);
  if (i == 4) return THIS_smin(THIS_cc(c, t, 0.5 * k), THIS_bcc(c, t), k);
  if (i == 5) return THIS_smin(THIS_fcc(c, t, 0.5 * k), THIS_bcc(c, t), k);
  return min(THIS_cc(c, t, 0.25 * k), min(THIS_fcc(c, t, 0.5 * k), THIS_bcc(c, t)));
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
  float kind = clamp(THIS_Kind, 0.0, 7.0);
  if (kind > 0.0) {
    // Between kind floor(kind) and the next (after 6, 0 again), eased.
    int i = int(floor(kind));
    float u = smoothstep(0.0, 1.0, pow(fract(kind), 3.0));
    d = mix(THIS_kind(c, i % 7, t, k), THIS_kind(c, (i + 1) % 7, t, k), u);
  }
#endif
#endif
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
