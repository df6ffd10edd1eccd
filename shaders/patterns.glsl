// Shared pieces of the pattern ROPs: placing a pattern in the plane, the
// hexagonal lattice, and turning what a pattern measured into the float or
// colour it returns.
#include "noise.glsl"

// What a pattern measures at a point.
struct RkPattern {
  float dist;   // signed distance to the edge of the shape (tile, brick, dot, line): > 0 on it
  float cell;   // a random value in 0..1, the same over one cell (tile, brick, thread)
  float extra;  // pattern's own value in 0..1 (weave height, stripe phase, hexagon radius)
};

// The pattern's own plane: moved by translate, turned by rotateDegrees.
vec2 rkPatternSpace(vec2 q, vec2 translate, float rotateDegrees) {
  float a = radians(rotateDegrees);
  float c = cos(a);
  float s = sin(a);
  q -= translate;
  return vec2(c * q.x + s * q.y, -s * q.x + c * q.y);
}

// A random value in 0..1 for a cell with whole-number id.
float rkCellHash(vec2 id) {
  return rkHash12(id * vec2(1.0, 1.31) + vec2(0.37, 0.71));
}

// Hexagons of circumradius s with corners up and down (pointy top), one
// centred on the origin: the centre of the hexagon holding q. Two
// rectangular lattices together hold all centres; the nearer candidate wins.
vec2 rkHexCentre(vec2 q, float s) {
  vec2 period = vec2(sqrt(3.0) * s, 3.0 * s);
  vec2 a = period * floor(q / period + 0.5);
  vec2 b = period * floor((q - 0.5 * period) / period + 0.5) + 0.5 * period;
  return dot(q - a, q - a) <= dot(q - b, q - b) ? a : b;
}

// How far out from its centre h lies in a pointy-top hexagon: the largest
// projection on the three directions to its sides (the apothem on the edge).
float rkHexNorm(vec2 h) {
  const vec2 n1 = vec2(0.5, 0.86602540378);
  const vec2 n2 = vec2(-0.5, 0.86602540378);
  return max(abs(h.x), max(abs(dot(h, n1)), abs(dot(h, n2))));
}

// 1 on the shape, 0 off it, with an edge softness wide (0: hard).
float rkPatternMask(float dist, float softness) {
  if (softness <= 0.0) return dist >= 0.0 ? 1.0 : 0.0;
  return smoothstep(-0.5 * softness, 0.5 * softness, dist);
}

// The float output: 0 mask, 1 signed distance, 2 cell value, 3 the extra.
float rkPatternFloat(RkPattern r, int mode, float softness) {
  if (mode == 1) return r.dist;
  if (mode == 2) return r.cell;
  if (mode == 3) return r.extra;
  return rkPatternMask(r.dist, softness);
}

// The colour output: colorB on the shape, shaded per cell by variation,
// colorA off it; alpha 1.
vec4 rkPatternColor(float mask, float cell, vec3 colorA, vec3 colorB, float variation) {
  vec3 shape = colorB * (1.0 - variation * cell);
  return vec4(mix(colorA, shape, clamp(mask, 0.0, 1.0)), 1.0);
}
