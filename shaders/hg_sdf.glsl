// Combination operators and domain helpers after hg_sdf, the SDF library of
// the Mercury demogroup (MIT licence, http://mercury.sexy/hg_sdf).
// Every operator takes two distances and returns one; the material share of
// the second surface comes from hgBlendRatio.

#define HG_SQRT2 1.41421356237
#define HG_SQRT1_2 0.70710678118

// Rotates p by 45 degrees (pR45 in hg_sdf).
void pR45(inout vec2 p) {
  p = (p + vec2(p.y, -p.x)) * HG_SQRT1_2;
}

// Repeats a 1D domain with period size, centred on 0; returns the cell index.
float pMod1(inout float p, float size) {
  float halfsize = size * 0.5;
  float c = floor((p + halfsize) / size);
  p = mod(p + halfsize, size) - halfsize;
  return c;
}

float fOpUnionChamfer(float a, float b, float r) {
  return min(min(a, b), (a - r + b) * HG_SQRT1_2);
}

float fOpIntersectionChamfer(float a, float b, float r) {
  return max(max(a, b), (a + r + b) * HG_SQRT1_2);
}

float fOpDifferenceChamfer(float a, float b, float r) {
  return fOpIntersectionChamfer(a, -b, r);
}

float fOpUnionRound(float a, float b, float r) {
  vec2 u = max(vec2(r - a, r - b), vec2(0.0));
  return max(r, min(a, b)) - length(u);
}

float fOpIntersectionRound(float a, float b, float r) {
  vec2 u = max(vec2(r + a, r + b), vec2(0.0));
  return min(-r, max(a, b)) + length(u);
}

float fOpDifferenceRound(float a, float b, float r) {
  return fOpIntersectionRound(a, -b, r);
}

// The columns seams with their columns moved along the seam by o.
float fOpUnionColumnsShifted(float a, float b, float r, float n, float o) {
  if ((a < r) && (b < r)) {
    vec2 p = vec2(a, b);
    float columnradius = r * HG_SQRT2 / ((n - 1.0) * 2.0 + HG_SQRT2);
    pR45(p);
    p.x -= HG_SQRT2 / 2.0 * r;
    p.x += columnradius * HG_SQRT2;
    if (mod(n, 2.0) == 1.0) {
      p.y += columnradius;
    }
    float py = p.y + o;
    pMod1(py, columnradius * 2.0);
    p.y = py;
    float result = length(p) - columnradius;
    result = min(result, p.x);
    result = min(result, a);
    return min(result, b);
  }
  return min(a, b);
}

float fOpUnionColumns(float a, float b, float r, float n) {
  return fOpUnionColumnsShifted(a, b, r, n, 0.0);
}

float fOpDifferenceColumnsShifted(float a, float b, float r, float n, float o) {
  a = -a;
  float m = min(a, b);
  if ((a < r) && (b < r)) {
    vec2 p = vec2(a, b);
    float columnradius = r * HG_SQRT2 / ((n - 1.0) * 2.0 + HG_SQRT2);
    pR45(p);
    p.y += columnradius;
    p.x -= HG_SQRT2 / 2.0 * r;
    p.x += -columnradius * HG_SQRT2 / 2.0;
    if (mod(n, 2.0) == 1.0) {
      p.y += columnradius;
    }
    float py = p.y + o;
    pMod1(py, columnradius * 2.0);
    p.y = py;
    float result = -length(p) + columnradius;
    result = max(result, p.x);
    result = min(result, a);
    return -min(result, b);
  }
  return -m;
}

float fOpDifferenceColumns(float a, float b, float r, float n) {
  return fOpDifferenceColumnsShifted(a, b, r, n, 0.0);
}

float fOpIntersectionColumns(float a, float b, float r, float n) {
  return fOpDifferenceColumns(a, -b, r, n);
}

float fOpIntersectionColumnsShifted(float a, float b, float r, float n, float o) {
  return fOpDifferenceColumnsShifted(a, -b, r, n, o);
}

float fOpUnionStairs(float a, float b, float r, float n) {
  float s = r / n;
  float u = b - r;
  return min(min(a, b), 0.5 * (u + a + abs(mod(u - a + s, 2.0 * s) - s)));
}

float fOpIntersectionStairs(float a, float b, float r, float n) {
  return -fOpUnionStairs(-a, -b, r, n);
}

float fOpDifferenceStairs(float a, float b, float r, float n) {
  return -fOpUnionStairs(-a, b, r, n);
}

// The stairs seams with their steps moved along the seam by o.
float fOpUnionStairsShifted(float a, float b, float r, float n, float o) {
  float s = r / n;
  float u = b - r;
  return min(min(a, b), 0.5 * (u + a + abs(mod(u - a + s + o, 2.0 * s) - s)));
}

float fOpIntersectionStairsShifted(float a, float b, float r, float n, float o) {
  return -fOpUnionStairsShifted(-a, -b, r, n, o);
}

float fOpDifferenceStairsShifted(float a, float b, float r, float n, float o) {
  return -fOpUnionStairsShifted(-a, b, r, n, o);
}

// Share of b's material where the seam of radius r joins distances a and b
// (0: all a, 1: all b, 0.5 on the middle of the seam).
float hgBlendRatio(float a, float b, float r) {
  return clamp(0.5 + 0.5 * (a - b) / max(r, 1e-6), 0.0, 1.0);
}
