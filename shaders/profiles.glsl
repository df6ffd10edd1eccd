// Exact 2D signed distances shared by a 2D ROP and its 3D counterpart: the
// 3D ROP evaluates the same profile on (distance from its axis, height) for
// a solid of revolution, or extrudes it, and so stays exact.
// Uses rkSegment from shapes.glsl: list `shapes` before `profiles`.
// Its names start with rkp, apart from every other library's.

// Extrudes a 2D signed distance d2 into a slab |h| <= halfDepth (exact).
float rkpExtrude(float d2, float h, float halfDepth) {
  vec2 w = vec2(d2, abs(h) - halfDepth);
  return min(max(w.x, w.y), 0.0) + length(max(w, 0.0));
}

// A vesica (lens) with its tips at (0, +-halfLength) and half width
// halfWidth across the middle: the intersection of two disks whose centres
// lie on the x axis at -+c, with c = (h^2 - w^2) / 2w. Points whose nearest
// boundary point is a tip lie in the tip's normal cone, above the line from
// the far disk's centre through the tip.
float rkpVesica(vec2 p, float halfLength, float halfWidth) {
  float h = max(halfLength, 1e-6);
  float w = clamp(halfWidth, 1e-6, h);
  p = abs(p);
  float c = (h * h - w * w) / (2.0 * w);
  float r = c + w;
  if ((p.y - h) * c > p.x * h) return length(p - vec2(0.0, h));
  return length(p + vec2(c, 0.0)) - r;
}

// A doorway arch: a band Thickness wide around a centre line made of a half
// circle of radius r (centre at the origin, above y = 0) and two straight
// legs down to y = -legHeight, cut off flat at the bottom.
float rkpArch(vec2 p, float r, float thickness, float legHeight) {
  float x = abs(p.x);
  float y = p.y;
  float t = 0.5 * thickness;
  float foot = y + legHeight;
  // Distance from the bottom face (a segment t either side of the leg).
  float bottom = length(vec2(max(abs(x - r) - t, 0.0), min(foot, 0.0)));
  if (foot < 0.0) return bottom;
  float centre = y >= 0.0 ? abs(length(vec2(x, y)) - r) : abs(x - r);
  float side = centre - t;
  if (side > 0.0) return side;
  bottom = length(vec2(max(abs(x - r) - t, 0.0), foot));
  return -min(-side, bottom);
}

// A piston's profile, symmetric about the y axis: a barrel of half width rb
// from y = 0 to y = hb, with a rod of half width rr on top reaching up to
// y = hb + ext. The distance is the nearest of the outline's five segments
// (taken on the x >= 0 side), signed by the inside test.
float rkpPiston(vec2 p, float rb, float hb, float rr, float ext) {
  p.x = abs(p.x);
  rr = min(rr, rb);
  float top = hb + ext;
  float d = rkSegment(p, vec2(0.0, 0.0), vec2(rb, 0.0));
  d = min(d, rkSegment(p, vec2(rb, 0.0), vec2(rb, hb)));
  d = min(d, rkSegment(p, vec2(rb, hb), vec2(rr, hb)));
  d = min(d, rkSegment(p, vec2(rr, hb), vec2(rr, top)));
  d = min(d, rkSegment(p, vec2(rr, top), vec2(0.0, top)));
  bool inBarrel = p.y >= 0.0 && p.y <= hb && p.x <= rb;
  bool inRod = p.y >= hb && p.y <= top && p.x <= rr;
  return (inBarrel || inRod) ? -d : d;
}

// Unsigned distance to a bent path: it starts at the origin heading +y and
// runs for `len`, curving towards +x through `angle` radians along a circular
// arc (straight when the angle is 0).
float rkpBentPath(vec2 p, float len, float angle) {
  if (abs(angle) < 1e-4) return rkSegment(p, vec2(0.0), vec2(0.0, len));
  // The arc's centre lies on the x axis at the bend radius, on the side the
  // path bends to; the path is the points c + rho (-cos t, sin t), t in 0..angle.
  float rho = len / angle;
  vec2 q = p - vec2(rho, 0.0);
  float s = sign(rho);
  float ar = abs(rho);
  float a = abs(angle);
  // The point's angle measured the way the path runs, in 0..2 pi.
  float t = atan(q.y, -s * q.x);
  if (t < 0.0) t += TAU;
  vec2 tipEnd = vec2(rho, 0.0) + ar * vec2(-cos(a), sin(a)) * vec2(s, 1.0);
  float ends = min(length(p), length(p - tipEnd));
  if (t <= a) return min(abs(length(q) - ar), ends);
  return ends;
}

// A regular polygon with n sides and corner radius r, one edge's normal
// along +x: the point is turned into the sector of the nearest edge, whose
// half is a vertical segment at x = r cos(pi / n).
float rkpRegularPolygon(vec2 p, float n, float r) {
  float halfAngle = PI / n;
  float a = atan(p.y, p.x);
  float k = floor(a / (2.0 * halfAngle) + 0.5);
  float b = a - k * 2.0 * halfAngle;
  vec2 q = length(p) * vec2(cos(b), abs(sin(b)));
  vec2 c = r * vec2(cos(halfAngle), sin(halfAngle));
  float d = rkSegment(q, vec2(c.x, 0.0), c);
  return q.x > c.x ? d : -d;
}

// A crescent: the disk of radius ra about the origin with the disk of radius
// rb about (off, 0) taken away. Where the circles cross, points in the tip's
// normal cone are nearest the tip; elsewhere the nearer of the two circles.
float rkpMoon(vec2 p, float ra, float rb, float off) {
  p.y = abs(p.y);
  float da = length(p) - ra;
  float db = length(p - vec2(off, 0.0)) - rb;
  float d = max(da, -db);
  if (off <= 1e-6 || off >= ra + rb || off + ra <= rb) return d;
  float a = (ra * ra - rb * rb + off * off) / (2.0 * off);
  float b2 = ra * ra - a * a;
  if (b2 <= 0.0) return d;
  vec2 tip = vec2(a, sqrt(b2));
  vec2 na = tip / ra;
  vec2 nb = (vec2(off, 0.0) - tip) / rb;
  vec2 q = p - tip;
  float det = na.x * nb.y - na.y * nb.x;
  float s = (q.x * nb.y - q.y * nb.x) / det;
  float t = (na.x * q.y - na.y * q.x) / det;
  if (s >= 0.0 && t >= 0.0) return length(q);
  return d;
}

// Signed distance to the simple polygon through the first n (3..8) of the
// corners v, in order: the nearest edge, negative inside (by counting the
// edges a ray towards +x crosses).
float rkpPolygon8(vec2 p, vec2 v[8], int n) {
  float best = 1e20;
  bool inside = false;
  for (int i = 0; i < 8; i++) {
    if (i >= n) break;
    vec2 a = v[i];
    vec2 b = v[i + 1 < n ? i + 1 : 0];
    best = min(best, rkSegment(p, a, b));
    if ((a.y > p.y) != (b.y > p.y)
        && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside ? -best : best;
}

// The nearest point of the parabola y = k x^2 to p: its parameter t solves
// 2 k^2 t^3 + (1 - 2 k y) t - x = 0 (the squared distance's derivative),
// a cubic solved in closed form; with three real roots the nearest wins.
// Returns the signed distance, negative above the curve (inside the cup).
float rkpParabola(vec2 p, float k) {
  if (abs(k) < 1e-6) return -p.y;
  float s = sign(k);
  p.y *= s;
  k = abs(k);
  float x = abs(p.x);
  float pp = (1.0 - 2.0 * k * p.y) / (2.0 * k * k) / 3.0;
  float qq = -x / (2.0 * k * k) / 2.0;
  // t^3 + 3 pp t + 2 qq = 0
  float h = qq * qq + pp * pp * pp;
  float best;
  if (h >= 0.0) {
    float r = sqrt(h);
    float t = sign(-qq + r) * pow(abs(-qq + r), 1.0 / 3.0) + sign(-qq - r) * pow(abs(-qq - r), 1.0 / 3.0);
    best = length(vec2(t - x, k * t * t - p.y));
  } else {
    float z = sqrt(-pp);
    float a = acos(clamp(-qq / (z * z * z), -1.0, 1.0)) / 3.0;
    best = 1e20;
    for (int i = 0; i < 3; i++) {
      float t = 2.0 * z * cos(a - TAU * float(i) / 3.0);
      best = min(best, length(vec2(t - x, k * t * t - p.y)));
    }
  }
  return p.y > k * x * x ? -best : best;
}
