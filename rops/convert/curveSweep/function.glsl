// Sweeps a 2D profile along a 3D curve through a point list: each point of
// space is measured from its nearest point on the curve, in the plane
// across the curve there (x along Up crossed with the curve, y towards Up),
// and the profile is evaluated at those coordinates. Past the ends of an
// open curve the result is capped flat.
#ifdef THIS_Curve_polyline
#define THIS_KIND RKC_SEGMENT
#else
#define THIS_KIND RKC_CUBIC
#endif
#ifdef THIS_Closed_on
#define THIS_PIECES THIS_Points_count
#else
#define THIS_PIECES (THIS_Points_count - 1)
#endif
#define THIS_MEASURED

// Where piece i starts (piece THIS_PIECES: where the last one ends).
#ifndef THIS_START
#define THIS_START(i) THIS_point(i)
#endif

// Point i of the list (wrapping past the end), flat in 2D.
vec3 THIS_point(int i) {
  vec3 q = THIS_Points(i % THIS_Points_count);
#ifdef THIS_COORD_TYPE_vec2
  q.z = 0.0;
#endif
  return q;
}

// Point i with the ends handled: wrapped when closed, else mirrored
// through the end point.
vec3 THIS_neighbour(int i) {
#ifdef THIS_Closed_on
  return THIS_point((i + THIS_Points_count) % THIS_Points_count);
#else
  if (i < 0) return 2.0 * THIS_point(0) - THIS_point(1);
  if (i >= THIS_Points_count) return 2.0 * THIS_point(THIS_Points_count - 1) - THIS_point(THIS_Points_count - 2);
  return THIS_point(i);
#endif
}

void THIS_piece(int i, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = THIS_neighbour(i);
  d = THIS_neighbour(i + 1);
#ifdef THIS_Curve_polyline
  b = a;
  c = d;
#else
  rkcCatmullRom(THIS_neighbour(i - 1), a, d, THIS_neighbour(i + 2), 0.5, b, c);
#endif
}

// The box of a piece: its control points' (the curve lies in their convex
// hull), widened by the cubic slack so that the quadratic pieces standing
// in for a cubic lie in it too.
void THIS_box(vec3 a, vec3 b, vec3 c, vec3 d, out vec3 lo, out vec3 hi) {
  float m = THIS_KIND == RKC_CUBIC ? rkcCubicSlack(a, b, c, d) : 0.0;
  lo = min(min(a, b), min(c, d)) - m;
  hi = max(max(a, b), max(c, d)) + m;
}

// vec4(distance, piece index, t in the piece, crossings). A first, cheap
// pass takes the nearest of the points where pieces start and end: they lie
// on the curve, so the curve is at least that near, and every curved piece
// whose box lies farther is then skipped unsolved. With THIS_FILLED, the
// crossings of the ray from p towards +x are counted too, skipping the
// pieces whose box it misses.
vec4 THIS_scan(vec3 p) {
  vec4 best = vec4(1e30, 0.0, 0.0, 0.0);
  int pieces = rkcRolled(THIS_PIECES);
  if (THIS_KIND != RKC_SEGMENT) {
    for (int i = 0; i < pieces; i++) {
      float e = length(p - THIS_START(i));
      if (e < best.x) best.xyz = vec3(e, float(i), 0.0);
    }
    float e = length(p - THIS_START(pieces));
    if (e < best.x) best.xyz = vec3(e, float(pieces - 1), 1.0);
  }
  int crossings = 0;
#ifdef THIS_MEASURED
  // The length before the current piece, and before the best point.
  float before = 0.0;
  bool seeded = true;
#endif
  for (int i = 0; i < pieces; i++) {
    vec3 a, b, c, d, lo, hi;
    THIS_piece(i, a, b, c, d);
    THIS_box(a, b, c, d, lo, hi);
#ifdef THIS_MEASURED
    // (Counted here, before the box test below may skip the piece.)
    float len = rkcPieceLength(THIS_KIND, a, b, c, d, 1.0);
    float start = before;
    before += len;
    if (seeded && int(best.y) == i) THIS_bestAlong = start + best.z * len;
#endif
#ifdef THIS_FILLED
    if (p.y >= lo.y && p.y < hi.y && p.x < hi.x) {
      crossings += rkcPieceCrossings(p.xy, THIS_KIND, a.xy, b.xy, c.xy, d.xy);
    }
#endif
    if (THIS_KIND != RKC_SEGMENT && rkcBoxDistance(p, lo, hi) >= best.x) continue;
    vec2 r = rkcPiece(p, THIS_KIND, a, b, c, d, best.x);
    if (r.x < best.x) {
      best.xyz = vec3(r.x, float(i), r.y);
#ifdef THIS_MEASURED
      seeded = false;
      THIS_bestAlong = start + rkcPieceLength(THIS_KIND, a, b, c, d, r.y);
#endif
    }
  }
  best.w = float(crossings);
  return best;
}

// The curve's whole length, once per pixel (init.glsl).
void THIS_init() {
  THIS_total = 0.0;
  vec3 a, b, c, d;
  int pieces = rkcRolled(THIS_PIECES);
  for (int i = 0; i < pieces; i++) {
    THIS_piece(i, a, b, c, d);
    THIS_total += rkcPieceLength(THIS_KIND, a, b, c, d, 1.0);
  }
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 n = THIS_scan(p);
  int i = int(n.y);
  float t = n.z;
  vec3 a, b, c, d;
  THIS_piece(i, a, b, c, d);
  vec3 on = rkcPiecePoint(THIS_KIND, a, b, c, d, t);
  vec3 dir = rkcPieceTangent(THIS_KIND, a, b, c, d, t);
  dir = dot(dir, dir) > 1e-20 ? normalize(dir) : normalize(d - a + vec3(1e-9, 0.0, 0.0));
  // The frame across the curve: Up with its part along the curve removed
  // (any other axis where the curve runs along Up).
  vec3 up = THIS_Up - dir * dot(THIS_Up, dir);
  if (dot(up, up) < 1e-10) {
    vec3 other = abs(dir.x) < 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 0.0, 1.0);
    up = other - dir * dot(other, dir);
  }
  up = normalize(up);
  vec3 side = cross(up, dir);
  vec3 q = p - on;
  vec2 across = vec2(dot(q, side), dot(q, up));
#ifdef THIS_Curve_polyline
  // Nearest to a corner between two segments: the profile turns about the
  // corner (a round joint), at the full distance from it, keeping the angle
  // it has across the segment. Without this, the wedge beyond a sharp
  // corner would project onto the profile's centre.
#ifdef THIS_Closed_on
  bool joint = t <= 0.0 || t >= 1.0;
#else
  bool joint = (t <= 0.0 && i > 0) || (t >= 1.0 && i < THIS_PIECES - 1);
#endif
  if (joint) across = (dot(across, across) > 1e-20 ? normalize(across) : vec2(0.0, 1.0)) * length(q);
#endif
  float u = THIS_bestAlong / max(THIS_total, 1e-20);
  THIS_Type previous = THIS_VAR;
#if defined(THIS_Type_float)
  THIS_VAR = u;
#else
  THIS_VAR = vec4(u, u * THIS_total, atan(across.y, across.x) / TAU + 0.5, length(across));
#endif
  ReturnT res = inputOp1(across, ctx);
  THIS_VAR = previous;
#ifndef THIS_Closed_on
  // Beyond an open end: the profile's distance and the distance past the
  // end plane, combined as an extrusion combines them.
  float past = -1.0;
  if (i == 0 && t <= 0.0) past = -dot(q, dir);
  if (i == THIS_PIECES - 1 && t >= 1.0) past = dot(q, dir);
  if (past > 0.0) {
#ifdef THIS_RETURN_TYPE_Sdf
    float d2 = res.x;
#else
    float d2 = res;
#endif
    float dc = length(max(vec2(d2, past), 0.0)) + min(max(d2, past), 0.0);
#ifdef THIS_RETURN_TYPE_Sdf
    res.x = dc;
#else
    res = dc;
#endif
  }
#endif
  return res;
}
