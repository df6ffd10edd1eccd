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
#define THIS_MEASURED
#define THIS_WINDOW4
#include "node/curvePoints.glsl"

// Piece i from points i - 1 to i + 2 (the ends mirrored, or wrapped).
void THIS_pieceOf(vec3 p0, vec3 p1, vec3 p2, vec3 p3, out vec3 a, out vec3 b, out vec3 c, out vec3 d) {
  a = p1;
  d = p2;
#ifdef THIS_Curve_polyline
  b = a;
  c = d;
#else
  rkcCatmullRom(p0, p1, p2, p3, 0.5, b, c);
#endif
}

#include "node/curveScan.glsl"

// The curve's whole length, once per pixel (init.glsl).
void THIS_init() {
  THIS_total = THIS_measureAll();
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 n = THIS_scan(p);
  int i = int(n.y);
  float t = n.z;
  // The nearest piece, as the scan found it (read again only where the
  // scan's first pass found a start point that no piece bettered).
  vec3 a = THIS_nearA;
  vec3 b = THIS_nearB;
  vec3 c = THIS_nearC;
  vec3 d = THIS_nearD;
  if (!THIS_nearKnown) THIS_piece(i, a, b, c, d);
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
