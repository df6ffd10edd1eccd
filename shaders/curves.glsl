// Distances to curve pieces, shared by the curve ROPs (single Bezier
// segments, paths and splines through point lists, sweeps). Everything
// works in 3D; a 2D ROP passes vec3(p, 0.0) and points with z = 0.
//
// Each function returns vec2(distance, t): the distance from p to the
// piece and the piece's parameter (0..1) at the nearest point found, so a
// caller can go on to the frame or the length at that point.

// Which stage of the raymarcher asks, and how far it reads distances
// exactly (rkcExactWithin).
#include "stages.glsl"

// n, in a form the shader compiler cannot work out ahead of time, so that
// a loop up to it stays a loop: unrolled, a loop copies its body, and the
// curve solver inlined there, once per iteration, which only lengthens the
// driver's compile. (iTime is never below -1e30.)
int rkcRolled(int n) {
  return iTime < -1e30 ? 0 : n;
}

// The segment from a to b: exact.
vec2 rkcSegment(vec3 p, vec3 a, vec3 b) {
  vec3 ab = b - a;
  float t = clamp(dot(p - a, ab) / max(dot(ab, ab), 1e-20), 0.0, 1.0);
  return vec2(length(p - a - ab * t), t);
}

// Distance from p to the box lo..hi (0 inside): no point of a curve inside
// the box is nearer than this, which lets a loop skip the curve.
float rkcBoxDistance(vec3 p, vec3 lo, vec3 hi) {
  return length(max(max(lo - p, p - hi), 0.0));
}

// The far field of the curve and outline trees (node/curveScan.glsl,
// glyphs.glsl): a box at least `exact` away and at least RKC_FAR times its
// own diagonal away is not opened, and its distance stands in for its
// contents'. That is a bound: nothing in the box is nearer than the box,
// and the nearest of its contents is at most a diagonal farther, so the
// bound is at least RKC_FAR / (1 + RKC_FAR) of the distance (4/5; the
// ratio is shaders/stages.glsl's ROPKIT_FAR, which the raymarcher's
// shadows read too). Where
// anything is nearer than `exact`, every box on the way to it is nearer
// too, so the distance there is exact.
#define RKC_FAR ROPKIT_FAR
bool rkcFar(float boxDistance, float diagonal, float exact) {
  return boxDistance >= exact && boxDistance >= RKC_FAR * diagonal;
}

// How far from the curve its distance stays exact: its own reach (a
// tube's radius, an offset) plus the node's Exact within, and at least
// what the raymarcher's stage reads exactly (ropkitStageExact,
// shaders/stages.glsl: everywhere for ambient occlusion, and for a soft
// shadow's ray as far as the bound could change its result).
float rkcExactWithin(float reach, float margin) {
  float exact = abs(reach) + max(margin, 0.0);
#ifdef ROPKIT_STAGES
  exact = max(exact, ropkitStageExact);
#endif
  return exact;
}

// A real cube root of any sign.
float rkcCbrt(float x) {
  return sign(x) * pow(abs(x), 1.0 / 3.0);
}

// The quadratic Bezier curve from a to c pulled towards b: exact.
// With B(t) = a + 2 e t + f t^2 (e = b - a, f = a - 2b + c), the nearest
// point makes (B(t) - p) . B'(t) = 0, a cubic in t:
//   ff t^3 + 3 ef t^2 + (2 ee + gf) t + ge = 0, g = a - p,
// solved in closed form (Cardano, or the trigonometric form when it has
// three real roots), each root then polished by Newton steps on the
// unscaled cubic, and the ends compared too.
vec2 rkcQuadratic(vec3 p, vec3 a, vec3 b, vec3 c) {
  vec3 e = b - a;
  vec3 f = a - 2.0 * b + c;
  vec3 g = a - p;
  float ff = dot(f, f);
  float ee = dot(e, e);
  float c3 = ff;
  float c2 = 3.0 * dot(e, f);
  float c1 = 2.0 * ee + dot(g, f);
  float c0 = dot(g, e);
  vec3 roots;
  if (ff <= 1e-8 * ee || ff < 1e-24) {
    // Nearly straight: the cubic's leading terms vanish and the closed form
    // loses its digits; the projection on the chord is a close start, and
    // the Newton steps below finish the job (the derivative 2 ee + gf stays
    // positive there, so the root is unique).
    roots = vec3(rkcSegment(p, a, c).y);
  } else {
    float k2 = c2 / c3;
    float k1 = c1 / c3;
    float k0 = c0 / c3;
    // Depressed: s^3 + P s + Q = 0 with t = s - k2 / 3.
    float P = k1 - k2 * k2 / 3.0;
    float Q = k2 * (2.0 * k2 * k2 - 9.0 * k1) / 27.0 + k0;
    float disc = 0.25 * Q * Q + P * P * P / 27.0;
    if (disc >= 0.0) {
      // One real root; u is taken on the side that does not cancel.
      float u = rkcCbrt(-0.5 * Q - (Q < 0.0 ? -1.0 : 1.0) * sqrt(disc));
      float s = abs(u) > 1e-30 ? u - P / (3.0 * u) : 0.0;
      roots = vec3(s);
    } else {
      float m = 2.0 * sqrt(-P / 3.0);
      float th = acos(clamp(1.5 * Q / P * sqrt(-3.0 / P), -1.0, 1.0)) / 3.0;
      roots = m * vec3(cos(th), cos(th - 2.0943951), cos(th - 4.1887902));
    }
    roots -= k2 / 3.0;
  }
  float bestD = 1e30;
  float bestT = 0.0;
  for (int i = 0; i < 3; i++) {
    float t = clamp(roots[i], 0.0, 1.0);
    for (int k = 0; k < 2; k++) {
      float fv = ((c3 * t + c2) * t + c1) * t + c0;
      float dv = (3.0 * c3 * t + 2.0 * c2) * t + c1;
      if (abs(dv) > 1e-30) t = clamp(t - fv / dv, 0.0, 1.0);
    }
    vec3 q = g + (2.0 * e + f * t) * t;
    float d2 = dot(q, q);
    if (d2 < bestD) {
      bestD = d2;
      bestT = t;
    }
  }
  float dc = dot(c - p, c - p);
  if (dot(g, g) < bestD) {
    bestD = dot(g, g);
    bestT = 0.0;
  }
  if (dc < bestD) {
    bestD = dc;
    bestT = 1.0;
  }
  return vec2(sqrt(bestD), bestT);
}

// Points and tangents of the cubic Bezier a, b, c, d.
vec3 rkcCubicPoint(vec3 a, vec3 b, vec3 c, vec3 d, float t) {
  float s = 1.0 - t;
  return s * s * s * a + 3.0 * s * t * (s * b + t * c) + t * t * t * d;
}

vec3 rkcCubicTangent(vec3 a, vec3 b, vec3 c, vec3 d, float t) {
  float s = 1.0 - t;
  return 3.0 * (s * s * (b - a) + 2.0 * s * t * (c - b) + t * t * (d - c));
}

// How many quadratic pieces stand in for a cubic.
#define RKC_CUBIC_PIECES 4

// How far the quadratic pieces of rkcCubic may lie from the cubic, at the
// same parameter. On a piece of parameter length h the cubic's third
// difference is D h^3 (D = d - 3c + 3b - a), and the quadratic with the
// piece's ends and the control point (3 (b' + c') - a' - d') / 4 differs
// from it by (D h^3 / 2) t (1 - t) (1 - 2t), at most sqrt(3) / 36 |D| h^3.
float rkcCubicSlack(vec3 a, vec3 b, vec3 c, vec3 d) {
  float h = 1.0 / float(RKC_CUBIC_PIECES);
  return 0.048112522 * length(d - 3.0 * c + 3.0 * b - a) * h * h * h;
}

// The cubic Bezier a, b, c, d: a bound. The curve is cut into
// RKC_CUBIC_PIECES pieces, each replaced by a quadratic solved exactly;
// the least distance less rkcCubicSlack never exceeds the true distance
// and falls short of it by at most twice the slack. Pieces whose box lies
// farther than `below` (less the slack) are not solved: a search that has
// already found something that near passes it, and gets 1e30 back when
// nothing here is nearer.
vec2 rkcCubicBelow(vec3 p, vec3 a, vec3 b, vec3 c, vec3 d, float below) {
  float h = 1.0 / float(RKC_CUBIC_PIECES);
  float slack = rkcCubicSlack(a, b, c, d);
  vec3 p0 = a;
  vec3 d0 = rkcCubicTangent(a, b, c, d, 0.0);
  vec2 best = vec2(below + slack, -1.0);
  int parts = rkcRolled(RKC_CUBIC_PIECES);
  for (int k = 0; k < parts; k++) {
    float t1 = float(k + 1) * h;
    vec3 p1 = rkcCubicPoint(a, b, c, d, t1);
    vec3 d1 = rkcCubicTangent(a, b, c, d, t1);
    vec3 ctl = 0.5 * (p0 + p1) + 0.25 * h * (d0 - d1);
    if (rkcBoxDistance(p, min(min(p0, ctl), p1), max(max(p0, ctl), p1)) < best.x) {
      vec2 r = rkcQuadratic(p, p0, ctl, p1);
      if (r.x < best.x) best = vec2(r.x, (float(k) + r.y) * h);
    }
    p0 = p1;
    d0 = d1;
  }
  if (best.y < 0.0) return vec2(1e30, 0.0);
  best.x -= slack;
  return best;
}

vec2 rkcCubic(vec3 p, vec3 a, vec3 b, vec3 c, vec3 d) {
  return rkcCubicBelow(p, a, b, c, d, 1e30);
}

// The inner control points of the Bezier form of the Catmull-Rom piece
// from p1 to p2 (p0 and p3 its neighbours). alpha 0 is the uniform spline,
// 0.5 the centripetal one (no cusps or loops within a piece). Knot steps
// are |p(i+1) - p(i)|^alpha; a repeated point gets a tiny step instead of
// none, which sends the control point onto the piece's end.
void rkcCatmullRom(vec3 p0, vec3 p1, vec3 p2, vec3 p3, float alpha, out vec3 b1, out vec3 b2) {
  vec3 steps = vec3(length(p1 - p0), length(p2 - p1), length(p3 - p2));
  // Centripetal steps are square roots (cheaper than pow); uniform are 1.
  steps = alpha == 0.5 ? sqrt(steps) : pow(max(steps, vec3(1e-12)), vec3(alpha));
  steps = max(steps, vec3(1e-6));
  float d1 = steps.x;
  float d2 = steps.y;
  float d3 = steps.z;
  b1 = (d1 * d1 * p2 - d2 * d2 * p0 + (2.0 * d1 * d1 + 3.0 * d1 * d2 + d2 * d2) * p1)
    / (3.0 * d1 * (d1 + d2));
  b2 = (d3 * d3 * p1 - d2 * d2 * p3 + (2.0 * d3 * d3 + 3.0 * d3 * d2 + d2 * d2) * p2)
    / (3.0 * d3 * (d3 + d2));
}

// A piece of a path as four control points and a kind fixed when the
// shader is built: RKC_SEGMENT (a to d), RKC_QUADRATIC (a, b, d) or
// RKC_CUBIC (a, b, c, d). The loops of the point-list ROPs read their
// pieces in this one form, so a piece's box is always the box of a, b, c, d.
#define RKC_SEGMENT 1
// Deepest curve tree the search walks (src/data/tree.rs MAX_DEPTH).
#define RKC_TREE_STACK 32
#define RKC_QUADRATIC 2
#define RKC_CUBIC 3
// Most pieces whose lengths a measured scan (node/curveScan.glsl,
// THIS_MEASURED) keeps in a table once per pixel; a longer curve measures
// every piece it passes at each step instead.
#define RKC_ALONG_TABLE 256

// vec2(distance, t) to a piece: exact for segments and quadratics, a
// bound for cubics (rkcCubicBelow, which may skip its parts farther than
// `below` and then answer 1e30).
vec2 rkcPiece(vec3 p, int kind, vec3 a, vec3 b, vec3 c, vec3 d, float below) {
  if (kind == RKC_SEGMENT) return rkcSegment(p, a, d);
  if (kind == RKC_QUADRATIC) return rkcQuadratic(p, a, b, d);
  return rkcCubicBelow(p, a, b, c, d, below);
}

vec3 rkcPiecePoint(int kind, vec3 a, vec3 b, vec3 c, vec3 d, float t) {
  if (kind == RKC_SEGMENT) return mix(a, d, t);
  if (kind == RKC_QUADRATIC) return mix(mix(a, b, t), mix(b, d, t), t);
  return rkcCubicPoint(a, b, c, d, t);
}

vec3 rkcPieceTangent(int kind, vec3 a, vec3 b, vec3 c, vec3 d, float t) {
  if (kind == RKC_SEGMENT) return d - a;
  if (kind == RKC_QUADRATIC) return 2.0 * mix(b - a, d - b, t);
  return rkcCubicTangent(a, b, c, d, t);
}

// Arc length of a piece from 0 to t: exact for segments; five-point
// Gauss-Legendre quadrature of the speed otherwise (the speed of a
// quadratic or cubic is smooth, and five nodes give it to a few parts in a
// million on the curves ropkit draws, worse only near a cusp).
float rkcPieceLength(int kind, vec3 a, vec3 b, vec3 c, vec3 d, float t) {
  if (kind == RKC_SEGMENT) return length(d - a) * t;
  vec3 x = vec3(0.0, 0.53846931, 0.90617985);
  vec3 w = vec3(0.56888889, 0.47862867, 0.23692689);
  float h = 0.5 * t;
  float s = w.x * length(rkcPieceTangent(kind, a, b, c, d, h));
  for (int i = 1; i < 3; i++) {
    s += w[i] * length(rkcPieceTangent(kind, a, b, c, d, h - h * x[i]));
    s += w[i] * length(rkcPieceTangent(kind, a, b, c, d, h + h * x[i]));
  }
  return s * h;
}

// Crossings, with the ray from p towards +x, of the y-monotone stretch of
// the quadratic a, b, c between parameters t0 and t1 (0 or 1). Whether it
// crosses is decided from the stretch's end heights alone, as for a polygon
// edge, so that neighbouring stretches sharing an end count it once.
int rkcMonotoneCrossing(vec2 p, vec2 a, vec2 b, vec2 c, float t0, float t1) {
  vec2 e = b - a;
  vec2 f = a - 2.0 * b + c;
  float y0 = a.y + (2.0 * e.y + f.y * t0) * t0;
  float y1 = a.y + (2.0 * e.y + f.y * t1) * t1;
  if ((y0 > p.y) == (y1 > p.y)) return 0;
  // The one root of f.y t^2 + 2 e.y t + (a.y - p.y) in t0..t1.
  float t;
  float cq = a.y - p.y;
  if (abs(f.y) < 1e-7 * max(abs(e.y), 1e-30)) {
    t = -cq / (2.0 * e.y);
  } else {
    float disc = sqrt(max(e.y * e.y - f.y * cq, 0.0));
    float r1 = (-e.y + disc) / f.y;
    float r2 = (-e.y - disc) / f.y;
    float lo = min(t0, t1);
    float hi = max(t0, t1);
    float mid = 0.5 * (lo + hi);
    t = abs(r1 - mid) < abs(r2 - mid) ? r1 : r2;
    t = clamp(t, lo, hi);
  }
  float x = a.x + (2.0 * e.x + f.x * t) * t;
  return p.x < x ? 1 : 0;
}

// Crossings of the ray from p towards +x with the quadratic a, b, c, cut
// at its turning point in y.
int rkcQuadraticCrossings(vec2 p, vec2 a, vec2 b, vec2 c) {
  float fy = a.y - 2.0 * b.y + c.y;
  float tm = abs(fy) > 1e-12 ? (a.y - b.y) / fy : -1.0;
  if (tm > 0.0 && tm < 1.0) {
    return rkcMonotoneCrossing(p, a, b, c, 0.0, tm) + rkcMonotoneCrossing(p, a, b, c, tm, 1.0);
  }
  return rkcMonotoneCrossing(p, a, b, c, 0.0, 1.0);
}

// Crossings of the ray from p towards +x with a piece (in the xy plane).
// A cubic is counted through its quadratic pieces (those of rkcCubic), so
// the fill it bounds follows them: within rkcCubicSlack of the cubic.
int rkcPieceCrossings(vec2 p, int kind, vec2 a, vec2 b, vec2 c, vec2 d) {
  if (kind == RKC_SEGMENT) {
    if ((a.y > p.y) == (d.y > p.y)) return 0;
    float x = a.x + (p.y - a.y) / (d.y - a.y) * (d.x - a.x);
    return p.x < x ? 1 : 0;
  }
  if (kind == RKC_QUADRATIC) return rkcQuadraticCrossings(p, a, b, d);
  float h = 1.0 / float(RKC_CUBIC_PIECES);
  vec3 a3 = vec3(a, 0.0);
  vec3 b3 = vec3(b, 0.0);
  vec3 c3 = vec3(c, 0.0);
  vec3 d3 = vec3(d, 0.0);
  vec3 p0 = a3;
  vec3 d0 = rkcCubicTangent(a3, b3, c3, d3, 0.0);
  int n = 0;
  int parts = rkcRolled(RKC_CUBIC_PIECES);
  for (int k = 0; k < parts; k++) {
    float t1 = float(k + 1) * h;
    vec3 p1 = k + 1 == parts ? d3 : rkcCubicPoint(a3, b3, c3, d3, t1);
    vec3 d1 = rkcCubicTangent(a3, b3, c3, d3, t1);
    vec3 ctl = 0.5 * (p0 + p1) + 0.25 * h * (d0 - d1);
    n += rkcQuadraticCrossings(p, p0.xy, ctl.xy, p1.xy);
    p0 = p1;
    d0 = d1;
  }
  return n;
}
