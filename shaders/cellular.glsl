// Cellular (Worley) noise in three distance metrics, and the exact distance
// to the borders of the Voronoi cells. One feature point per unit cell,
// placed as in voronoiNoise (noise.glsl): the same jitter gives the same
// points, so these fields line up with the voronoi ROP.
#include "noise.glsl"

vec2 cellPoint(vec2 cell, float jitter) {
  return rkHash22(cell) * jitter + 0.5 * (1.0 - jitter);
}

vec3 cellPoint(vec3 cell, float jitter) {
  return rkHash33(cell) * jitter + 0.5 * (1.0 - jitter);
}

// metric 0: euclidean, 1: manhattan, 2: chebyshev.
float cellMetric(vec2 d, int metric) {
  if (metric == 1) return abs(d.x) + abs(d.y);
  if (metric == 2) return max(abs(d.x), abs(d.y));
  return length(d);
}

float cellMetric(vec3 d, int metric) {
  if (metric == 1) return abs(d.x) + abs(d.y) + abs(d.z);
  if (metric == 2) return max(abs(d.x), max(abs(d.y), abs(d.z)));
  return length(d);
}

// x: nearest feature distance (F1), y: second nearest (F2), z: a random
// value of the nearest cell in [0, 1), w: the smooth minimum of all the
// distances with radius `smoothness` (exponential, never above F1).
vec4 cellWorley(vec2 p, float jitter, int metric, float smoothness) {
  vec2 n = floor(p);
  vec2 f = fract(p);
  float d1 = 8.0;
  float d2 = 8.0;
  float id = 0.0;
  // Smooth minimum as a running log-sum-exp relative to the nearest so far
  // (never overflows): smin = d1 - k log(sum exp(-(d - d1) / k)).
  float expSum = 0.0;
  float k = max(smoothness, 1e-4);
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      vec2 g = vec2(float(i), float(j));
      float d = cellMetric(g + cellPoint(n + g, jitter) - f, metric);
      if (d < d1) {
        expSum = expSum * exp((d - d1) / k) + 1.0;
        d2 = d1;
        d1 = d;
        id = rkHash12(n + g + 17.0);
      } else {
        expSum += exp((d1 - d) / k);
        d2 = min(d2, d);
      }
    }
  }
  float smin = d1 - k * log(expSum);
  return vec4(d1, d2, id, smin);
}

vec4 cellWorley(vec3 p, float jitter, int metric, float smoothness) {
  vec3 n = floor(p);
  vec3 f = fract(p);
  float d1 = 8.0;
  float d2 = 8.0;
  float id = 0.0;
  // Smooth minimum as a running log-sum-exp relative to the nearest so far
  // (never overflows): smin = d1 - k log(sum exp(-(d - d1) / k)).
  float expSum = 0.0;
  float k = max(smoothness, 1e-4);
  for (int l = -1; l <= 1; l++) {
    for (int j = -1; j <= 1; j++) {
      for (int i = -1; i <= 1; i++) {
        vec3 g = vec3(float(i), float(j), float(l));
        float d = cellMetric(g + cellPoint(n + g, jitter) - f, metric);
        if (d < d1) {
          expSum = expSum * exp((d - d1) / k) + 1.0;
          d2 = d1;
          d1 = d;
          id = rkHash13(n + g + 17.0);
        } else {
          expSum += exp((d1 - d) / k);
          d2 = min(d2, d);
        }
      }
    }
  }
  float smin = d1 - k * log(expSum);
  return vec4(d1, d2, id, smin);
}

// Distance from p to the nearest border of its Voronoi cell: first find the
// nearest feature point a, then the nearest bisector plane between a and any
// neighbour b, at dot((a + b) / 2 - p, normalize(b - a)). The Vec forms
// return (border, a - p) with the cells shifted by `shift` before they are
// hashed (another set of random points on the same grid).
vec4 cellBorderVec(vec2 p, float jitter, vec2 shift) {
  vec2 n = floor(p);
  vec2 f = fract(p);
  vec2 nearCell = vec2(0.0);
  vec2 nearVec = vec2(8.0);
  float nearD = 64.0;
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      vec2 g = vec2(float(i), float(j));
      vec2 r = g + cellPoint(n + g + shift, jitter) - f;
      float d = dot(r, r);
      if (d < nearD) {
        nearD = d;
        nearVec = r;
        nearCell = g;
      }
    }
  }
  float border = 8.0;
  for (int j = -2; j <= 2; j++) {
    for (int i = -2; i <= 2; i++) {
      vec2 g = nearCell + vec2(float(i), float(j));
      vec2 r = g + cellPoint(n + g + shift, jitter) - f;
      vec2 ab = r - nearVec;
      if (dot(ab, ab) > 1e-8) {
        border = min(border, dot(0.5 * (nearVec + r), normalize(ab)));
      }
    }
  }
  return vec4(border, nearVec, 0.0);
}

float cellBorder(vec2 p, float jitter) {
  return cellBorderVec(p, jitter, vec2(0.0)).x;
}

vec4 cellBorderVec(vec3 p, float jitter, vec3 shift) {
  vec3 n = floor(p);
  vec3 f = fract(p);
  vec3 nearCell = vec3(0.0);
  vec3 nearVec = vec3(8.0);
  float nearD = 64.0;
  for (int l = -1; l <= 1; l++) {
    for (int j = -1; j <= 1; j++) {
      for (int i = -1; i <= 1; i++) {
        vec3 g = vec3(float(i), float(j), float(l));
        vec3 r = g + cellPoint(n + g + shift, jitter) - f;
        float d = dot(r, r);
        if (d < nearD) {
          nearD = d;
          nearVec = r;
          nearCell = g;
        }
      }
    }
  }
  // The neighbours of the nearest cell (a 3x3x3 block: in 3D the wider
  // 5x5x5 search costs 125 hashes and rarely changes the answer).
  float border = 8.0;
  for (int l = -1; l <= 1; l++) {
    for (int j = -1; j <= 1; j++) {
      for (int i = -1; i <= 1; i++) {
        vec3 g = nearCell + vec3(float(i), float(j), float(l));
        vec3 r = g + cellPoint(n + g + shift, jitter) - f;
        vec3 ab = r - nearVec;
        if (dot(ab, ab) > 1e-8) {
          border = min(border, dot(0.5 * (nearVec + r), normalize(ab)));
        }
      }
    }
  }
  return vec4(border, nearVec);
}

float cellBorder(vec3 p, float jitter) {
  return cellBorderVec(p, jitter, vec3(0.0)).x;
}
