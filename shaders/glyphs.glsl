// Distance and winding for glyph outlines stored as segments (lines and
// quadratic Beziers, each monotonic in y), two vec4s per segment:
//   a = (from.x, from.y, ctrl.x, ctrl.y), b = (to.x, to.y, kind, 0),
// kind 0 a line, 1 a quadratic. The `text` ROP reads them from a `font`
// data parameter; src/data/font/distance.rs is the same in Rust.

// The far field (rkcFar, rkcExactWithin) is the curves'.
#include "curves.glsl"

// The point at t of the quadratic from + 2 t e + t^2 f.
vec2 rkGlyphQuadAt(vec2 from, vec2 e, vec2 f, float t) {
  return from + t * (2.0 * e + t * f);
}

// Unsigned distance from p to a segment.
float rkGlyphSegment(vec2 p, vec4 a, vec4 b) {
  vec2 from = a.xy;
  vec2 to = b.xy;
  if (b.z < 0.5) {
    vec2 ba = to - from;
    vec2 pa = p - from;
    float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-20), 0.0, 1.0);
    return length(pa - ba * h);
  }
  vec2 e = a.zw - from;
  vec2 f = from - 2.0 * a.zw + to;
  vec2 d = from - p;
  float ff = dot(f, f);
  float best = min(dot(d, d), dot(to - p, to - p));
  vec3 roots;
  if (ff <= 1e-6 * dot(e, e)) {
    // Nearly straight: start from the nearest point of the chord, and let
    // the Newton steps below find the curve's.
    vec2 ba = to - from;
    float h = clamp(dot(p - from, ba) / max(dot(ba, ba), 1e-20), 0.0, 1.0);
    roots = vec3(h);
  } else {
    // The nearest point makes (B(t) - p) . B'(t) = 0:
    // t^3 + k2 t^2 + k1 t + k0 = 0.
    float k2 = 3.0 * dot(e, f) / ff;
    float k1 = (2.0 * dot(e, e) + dot(d, f)) / ff;
    float k0 = dot(d, e) / ff;
    // Depressed cubic s^3 + P s + Q = 0, t = s - k2 / 3.
    float P = k1 - k2 * k2 / 3.0;
    float Q = 2.0 * k2 * k2 * k2 / 27.0 - k2 * k1 / 3.0 + k0;
    float disc = 0.25 * Q * Q + P * P * P / 27.0;
    if (disc >= 0.0) {
      // One real root, s = u - P / (3u) with u^3 = -Q/2 -+ sqrt(disc), the
      // sign taken so that the two terms do not cancel (the textbook sum of
      // two cube roots loses the smaller one to rounding).
      float u = -0.5 * Q - (Q < 0.0 ? -1.0 : 1.0) * sqrt(disc);
      u = sign(u) * pow(abs(u), 1.0 / 3.0);
      roots = vec3(abs(u) > 1e-30 ? u - P / (3.0 * u) : 0.0);
    } else {
      float m = 2.0 * sqrt(-P / 3.0);
      float th = acos(clamp(1.5 * Q / P * sqrt(-3.0 / P), -1.0, 1.0)) / 3.0;
      roots = m * vec3(cos(th), cos(th - 2.0943951), cos(th - 4.1887902));
    }
    roots -= k2 / 3.0;
  }
  // Two Newton steps on g(t) = (B(t) - p) . B'(t) / 2 sharpen each
  // candidate (float rounding blurs the closed form). With q = B(t) - p
  // and dq = B'(t) / 2 = e + t f: g = q . dq, g' = 2 dq . dq + q . f (the
  // 2 matters: without it a step lands on the far side of the root, and
  // where q . f is near -dq . dq, on the inner side of an arc, far away).
  for (int i = 0; i < 3; i++) {
    float t = clamp(roots[i], 0.0, 1.0);
    for (int k = 0; k < 2; k++) {
      vec2 q = d + t * (2.0 * e + t * f);
      vec2 dq = e + t * f;
      float g = dot(q, dq);
      float dg = 2.0 * dot(dq, dq) + dot(q, f);
      if (abs(dg) > 1e-12) t = clamp(t - g / dg, 0.0, 1.0);
    }
    vec2 q = rkGlyphQuadAt(from, e, f, t) - p;
    best = min(best, dot(q, q));
  }
  return sqrt(best);
}

// The winding a segment adds for a ray from p towards +x: +1 crossing
// upwards, -1 downwards, 0 when it misses. Its y range counts from its
// lower end up to, not including, its upper end, so that a ray through the
// point two segments share counts once.
int rkGlyphCrossing(vec2 p, vec4 a, vec4 b) {
  float y0 = a.y;
  float y2 = b.y;
  if (p.y < min(y0, y2) || p.y >= max(y0, y2)) return 0;
  float t;
  if (b.z < 0.5) {
    t = (p.y - y0) / (y2 - y0);
  } else {
    // y(t) = y0 + 2 t (y1 - y0) + t^2 (y0 - 2 y1 + y2) = p.y, the root in 0..1.
    float qa = y0 - 2.0 * a.w + y2;
    float qb = a.w - y0;
    float qc = y0 - p.y;
    if (abs(qa) < 1e-7 * (abs(qb) + 1e-30)) {
      t = -qc / (2.0 * qb);
    } else {
      float sq = sqrt(max(qb * qb - qa * qc, 0.0));
      float q = -(qb + (qb < 0.0 ? -sq : sq));
      float r1 = q / qa;
      float r2 = (q != 0.0) ? qc / q : -1.0;
      t = (r1 >= -1e-6 && r1 <= 1.0 + 1e-6) ? r1 : r2;
    }
    t = clamp(t, 0.0, 1.0);
  }
  float x;
  if (b.z < 0.5) {
    x = mix(a.x, b.x, t);
  } else {
    x = rkGlyphQuadAt(a.xy, a.zw - a.xy, a.xy - 2.0 * a.zw + b.xy, t).x;
  }
  if (x <= p.x) return 0;
  return (y2 > y0) ? 1 : -1;
}

// Filled outlines (glyphs of a text, paths of an SVG drawing) with trees
// over them, as src/data/font/pack.rs lays them out: texel indices count
// from `first`, each tree node is a box (min x, min y, max x, max y) and
// a record: (second child, 0, 0, 0) for an inner node, whose first child
// follows it. The walks below skip a node only when its box is no nearer
// than the best distance so far and the ray towards +x cannot cross it
// (or is not wanted): every segment a scan of all of them would measure
// or count is measured or counted, so the result is the scan's.

// Deepest tree: src/data/tree.rs MAX_DEPTH.
#define RK_TREE_STACK 32

// The squared distance from q to a box, 0 inside.
float rkBoxDistance2(vec2 q, vec4 box) {
  vec2 off = max(max(box.xy - q, q - box.zw), vec2(0.0));
  return dot(off, off);
}

// One outline's tree at texel `root`, about q in the outline's own
// coordinates: lowers best to the distance of any nearer segment, and,
// with `ray`, adds each segment's crossing of the ray towards +x to
// winding. A leaf's record is (first segment texel, count, 0, 0). A node
// or a segment whose box is far (rkcFar, at least `exact` away) lowers
// best to its box's distance instead of being opened or solved, so best is
// exact where the outline is nearer than `exact`, else a bound.
void rkOutlineScan(vec2 q, int first, int root, bool ray, float exact, inout float best, inout int winding) {
  int stack[RK_TREE_STACK];
  int top = 0;
  int node = root;
  while (node >= 0) {
    vec4 box = rk_data(first + node);
    vec4 rec = rk_data(first + node + 1);
    float d2 = rkBoxDistance2(q, box);
    bool near = d2 < best * best;
    bool crossed = ray && q.y >= box.y && q.y < box.w && q.x < box.z;
    if (near && !crossed && rkcFar(sqrt(d2), length(box.zw - box.xy), exact)) {
      best = sqrt(d2);
    } else if (near || crossed) {
      if (rec.y > 0.5) {
        int s0 = int(rec.x);
        int count = int(rec.y);
        for (int s = 0; s < count; s++) {
          vec4 a = rk_data(first + s0 + 2 * s);
          vec4 b = rk_data(first + s0 + 2 * s + 1);
          if (ray) winding += rkGlyphCrossing(q, a, b);
          vec2 lo = min(min(a.xy, a.zw), b.xy);
          vec2 hi = max(max(a.xy, a.zw), b.xy);
          vec2 off = max(max(lo - q, q - hi), vec2(0.0));
          float o2 = dot(off, off);
          if (o2 >= best * best) continue;
          float od = sqrt(o2);
          best = rkcFar(od, length(hi - lo), exact) ? od : min(best, rkGlyphSegment(q, a, b));
        }
      } else {
        // The nearer child first: its segments lower best the most.
        int left = node + 2;
        int right = int(rec.x);
        bool swap = rkBoxDistance2(q, rk_data(first + right)) < rkBoxDistance2(q, rk_data(first + left));
        if (top < RK_TREE_STACK) stack[top++] = swap ? left : right;
        node = swap ? right : left;
        continue;
      }
    }
    node = top > 0 ? stack[--top] : -1;
  }
}

// The signed distance to the outlines drawn under the tree at texel
// `root` (-1: none): negative inside any of them, each by its own fill
// rule. A leaf's record is (its outline's tree, -1 nonzero or -2
// even-odd, offset x, offset y). `far` is what is returned where nothing
// is drawn. Exact where the outlines are nearer than `exact`, else a bound
// (an outline whose box is far and does not hold q, and each far node
// and segment, stands in by its box).
float rkOutlinesDistance(vec2 q, int first, int root, float far, float exact) {
  float best = far;
  bool inside = false;
  int stack[RK_TREE_STACK];
  int top = 0;
  int node = root;
  while (node >= 0) {
    vec4 box = rk_data(first + node);
    vec4 rec = rk_data(first + node + 1);
    float d2 = rkBoxDistance2(q, box);
    bool inBox = d2 == 0.0;
    if (!inBox && d2 < best * best && rkcFar(sqrt(d2), length(box.zw - box.xy), exact)) {
      best = sqrt(d2);
    } else if (d2 < best * best || inBox) {
      if (rec.y < -0.5) {
        int winding = 0;
        // Only an outline whose box holds q can wind around it.
        rkOutlineScan(q - rec.zw, first, int(rec.x), inBox && !inside, exact, best, winding);
        if (rec.y < -1.5 ? (abs(winding) % 2) == 1 : winding != 0) inside = true;
      } else {
        int left = node + 2;
        int right = int(rec.x);
        bool swap = rkBoxDistance2(q, rk_data(first + right)) < rkBoxDistance2(q, rk_data(first + left));
        if (top < RK_TREE_STACK) stack[top++] = swap ? left : right;
        node = swap ? right : left;
        continue;
      }
    }
    node = top > 0 ? stack[--top] : -1;
  }
  return inside ? -best : best;
}
