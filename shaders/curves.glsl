// Distances to curve pieces, shared by the curve ROPs (single Bezier
// segments, paths and splines through point lists, sweeps). Everything
// works in 3D; a 2D ROP passes vec3(p, 0.0) and points with z = 0.
//
// Each function returns vec2(distance, t): the distance from p to the
// piece and the piece's parameter (0..1) at the nearest point found, so a
// caller can go on to the frame or the length at that point.

// The segment from a to b: exact.
vec2 rkcSegment(vec3 p, vec3 a, vec3 b) {
  vec3 ab = b - a;
  float t = clamp(dot(p - a, ab) / max(dot(ab, ab), 1e-20), 0.0, 1.0);
  return vec2(length(p - a - ab * t), t);
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
// and falls short of it by at most twice the slack.
vec2 rkcCubic(vec3 p, vec3 a, vec3 b, vec3 c, vec3 d) {
  float h = 1.0 / float(RKC_CUBIC_PIECES);
  vec3 p0 = a;
  vec3 d0 = rkcCubicTangent(a, b, c, d, 0.0);
  vec2 best = vec2(1e30, 0.0);
  for (int k = 0; k < RKC_CUBIC_PIECES; k++) {
    float t1 = float(k + 1) * h;
    vec3 p1 = rkcCubicPoint(a, b, c, d, t1);
    vec3 d1 = rkcCubicTangent(a, b, c, d, t1);
    vec3 ctl = 0.5 * (p0 + p1) + 0.25 * h * (d0 - d1);
    vec2 r = rkcQuadratic(p, p0, ctl, p1);
    if (r.x < best.x) best = vec2(r.x, (float(k) + r.y) * h);
    p0 = p1;
    d0 = d1;
  }
  best.x -= rkcCubicSlack(a, b, c, d);
  return best;
}

// Distance from p to the box lo..hi (0 inside): no point of a curve inside
// the box is nearer than this, which lets a loop skip the curve.
float rkcBoxDistance(vec3 p, vec3 lo, vec3 hi) {
  return length(max(max(lo - p, p - hi), 0.0));
}

// The inner control points of the Bezier form of the Catmull-Rom piece
// from p1 to p2 (p0 and p3 its neighbours). alpha 0 is the uniform spline,
// 0.5 the centripetal one (no cusps or loops within a piece). Knot steps
// are |p(i+1) - p(i)|^alpha; a repeated point gets a tiny step instead of
// none, which sends the control point onto the piece's end.
void rkcCatmullRom(vec3 p0, vec3 p1, vec3 p2, vec3 p3, float alpha, out vec3 b1, out vec3 b2) {
  float d1 = max(pow(max(length(p1 - p0), 1e-12), alpha), 1e-6);
  float d2 = max(pow(max(length(p2 - p1), 1e-12), alpha), 1e-6);
  float d3 = max(pow(max(length(p3 - p2), 1e-12), alpha), 1e-6);
  b1 = (d1 * d1 * p2 - d2 * d2 * p0 + (2.0 * d1 * d1 + 3.0 * d1 * d2 + d2 * d2) * p1)
    / (3.0 * d1 * (d1 + d2));
  b2 = (d3 * d3 * p1 - d2 * d2 * p3 + (2.0 * d3 * d3 + 3.0 * d3 * d2 + d2 * d2) * p2)
    / (3.0 * d3 * (d3 + d2));
}
