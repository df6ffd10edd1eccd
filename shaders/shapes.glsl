// Exact 2D distance pieces shared by the sdf and sdf2d ROPs: segments, arcs,
// a disk cut by a line, a circular sector. 3D ROPs use them on the profile
// (distance from the axis, height) of a solid of revolution, which keeps
// them exact.

// Unsigned distance from p to the segment from a to b.
float rkSegment(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a;
  vec2 ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0);
  return length(pa - ba * h);
}

// Unsigned distance from p to the arc of the circle of radius r about the
// origin that spans halfAngle radians to either side of +y.
float rkArcY(vec2 p, float r, float halfAngle) {
  p.x = abs(p.x);
  vec2 end = r * vec2(sin(halfAngle), cos(halfAngle));
  // Within the arc's angular span the nearest point is radial; beyond it,
  // the nearer end (by symmetry, the one on this side).
  if (atan(p.x, p.y) <= halfAngle) return abs(length(p) - r);
  return length(p - end);
}

// Signed distance to the disk of radius r with everything above y = h cut
// away (h in -r..r).
float rkCutDisk(vec2 p, float r, float h) {
  h = clamp(h, -r, r);
  p.x = abs(p.x);
  vec2 c = vec2(sqrt(max(r * r - h * h, 0.0)), h);  // where the cut meets the circle
  float l = length(p);
  if (l < r && p.y < h) return -min(r - l, h - p.y);
  vec2 q = p - c;
  // The corner's normal cone lies between the circle's normal there and +y.
  if (q.x >= 0.0) return c.x * q.y - c.y * q.x >= 0.0 ? length(q) : l - r;
  // Left of the corner: above the chord it is nearest, below it the arc.
  return p.y > h ? p.y - h : l - r;
}

// Signed distance to a circular sector (pie slice) of radius r spanning
// halfAngle radians to either side of +y.
float rkSector(vec2 p, float r, float halfAngle) {
  p.x = abs(p.x);
  vec2 dir = vec2(sin(halfAngle), cos(halfAngle));
  float d = min(rkArcY(p, r, halfAngle), rkSegment(p, vec2(0.0), r * dir));
  bool inside = length(p) < r && atan(p.x, p.y) < halfAngle;
  return inside ? -d : d;
}

// Unsigned distance from p to the triangle abc in 3D: to its plane when the
// foot of the perpendicular falls inside, else to the nearest edge.
float rkTriangle(vec3 p, vec3 a, vec3 b, vec3 c) {
  vec3 n = cross(b - a, c - a);
  bool over = dot(cross(b - a, p - a), n) >= 0.0
      && dot(cross(c - b, p - b), n) >= 0.0
      && dot(cross(a - c, p - c), n) >= 0.0;
  if (over) return abs(dot(p - a, n)) / length(n);
  vec3 ab = b - a, bc = c - b, ca = a - c;
  vec3 pa = p - a, pb = p - b, pc = p - c;
  float e1 = length(pa - ab * clamp(dot(pa, ab) / dot(ab, ab), 0.0, 1.0));
  float e2 = length(pb - bc * clamp(dot(pb, bc) / dot(bc, bc), 0.0, 1.0));
  float e3 = length(pc - ca * clamp(dot(pc, ca) / dot(ca, ca), 0.0, 1.0));
  return min(e1, min(e2, e3));
}
