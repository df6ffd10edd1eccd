// Exact 3D distances to convex solids and flat pieces shared by the sdf ROPs
// and the polyhedral fractals. Inside a convex solid the distance is the
// largest of the face planes' distances; outside it is the distance to the
// nearest face. Uses rkTriangle from shapes.glsl: list `shapes` before
// `solids`.
// Its names start with rks, apart from every other library's.

// The regular tetrahedron with corners (1,1,1), (1,-1,-1), (-1,1,-1) and
// (-1,-1,1) (corner radius sqrt(3)).
float rksTetrahedron(vec3 p) {
  vec3 a = vec3(1.0, 1.0, 1.0);
  vec3 b = vec3(1.0, -1.0, -1.0);
  vec3 c = vec3(-1.0, 1.0, -1.0);
  vec3 d = vec3(-1.0, -1.0, 1.0);
  // Each face lies opposite a corner, 1/sqrt(3) from the centre.
  float planes = max(max(dot(p, -a), dot(p, -b)), max(dot(p, -c), dot(p, -d)));
  planes = (planes - 1.0) * 0.57735026919;
  if (planes <= 0.0) return planes;
  return min(min(rkTriangle(p, b, c, d), rkTriangle(p, a, c, d)),
             min(rkTriangle(p, a, b, d), rkTriangle(p, a, b, c)));
}

// The regular octahedron with corners at +-r on each axis. By symmetry only
// the face in the positive octant matters.
float rksOctahedron(vec3 p, float r) {
  p = abs(p);
  float plane = (p.x + p.y + p.z - r) * 0.57735026919;
  if (plane <= 0.0) return plane;
  return rkTriangle(p, vec3(r, 0.0, 0.0), vec3(0.0, r, 0.0), vec3(0.0, 0.0, r));
}

// Unsigned distance to the quadrilateral abcd, taken as the triangles abc
// and acd (the quad itself when it is flat and convex).
float rksQuad(vec3 p, vec3 a, vec3 b, vec3 c, vec3 d) {
  return min(rkTriangle(p, a, b, c), rkTriangle(p, a, c, d));
}

// A square frustum standing on y = 0: a base of half width a, a top of half
// width b at y = h. Folded into x >= z >= 0, where the nearest faces are the
// top, the bottom and the +x side.
float rksTruncatedPyramid(vec3 p, float a, float b, float h) {
  vec3 q = vec3(abs(p.x), p.y, abs(p.z));
  if (q.z > q.x) q.xz = q.zx;
  vec2 n = normalize(vec2(h, a - b));
  float side = dot(vec2(q.x - a, q.y), n);
  float planes = max(max(-q.y, q.y - h), side);
  if (planes <= 0.0) return planes;
  vec2 eb = max(q.xz - a, 0.0);
  float bottom = length(vec3(eb.x, q.y, eb.y));
  vec2 et = max(q.xz - b, 0.0);
  float top = length(vec3(et.x, q.y - h, et.y));
  float face = rksQuad(q, vec3(a, 0.0, -a), vec3(a, 0.0, a), vec3(b, h, b), vec3(b, h, -b));
  return min(min(bottom, top), face);
}

// Unsigned distance to the quadratic Bezier curve from a through control b
// to c (rksBezierT: and the curve parameter 0..1 of the nearest point): the
// nearest parameter is a root of a cubic (the derivative of the squared
// distance), solved in closed form; clamped roots cover the ends.
vec2 rksBezierT(vec3 p, vec3 a, vec3 b, vec3 c) {
  vec3 e = b - a;
  vec3 f = a - 2.0 * b + c;
  vec3 g = a - p;
  // A control point halfway between the ends gives a straight segment.
  if (dot(f, f) < 1e-8) {
    vec3 ca = c - a;
    float s = clamp(dot(-g, ca) / max(dot(ca, ca), 1e-12), 0.0, 1.0);
    return vec2(length(g + ca * s), s);
  }
  // |B(t) - p|^2 with B(t) - p = g + 2 e t + f t^2; its derivative / 4 is
  // kk t^3 + 3 kx t^2 + ky t + kz (all over kk below).
  float ff = max(dot(f, f), 1e-10);
  float kx = dot(e, f) / ff;
  float ky = (2.0 * dot(e, e) + dot(g, f)) / (3.0 * ff);
  float kz = dot(g, e) / ff;
  float pp = ky - kx * kx;
  float qq = kx * (2.0 * kx * kx - 3.0 * ky) + kz;
  float h = qq * qq + 4.0 * pp * pp * pp;
  float best;
  float bestT;
  if (h >= 0.0) {
    float sh = sqrt(h);
    vec2 x = (vec2(sh, -sh) - qq) * 0.5;
    vec2 uv = sign(x) * pow(abs(x), vec2(1.0 / 3.0));
    float t = clamp(uv.x + uv.y - kx, 0.0, 1.0);
    vec3 d = g + (2.0 * e + f * t) * t;
    best = dot(d, d);
    bestT = t;
  } else {
    float z = sqrt(-pp);
    float v = acos(clamp(qq / (pp * z * 2.0), -1.0, 1.0)) / 3.0;
    float m = cos(v);
    float n = sin(v) * 1.73205080757;
    vec3 t = clamp(vec3(m + m, -n - m, n - m) * z - kx, 0.0, 1.0);
    vec3 d1 = g + (2.0 * e + f * t.x) * t.x;
    vec3 d2 = g + (2.0 * e + f * t.y) * t.y;
    vec3 d3 = g + (2.0 * e + f * t.z) * t.z;
    best = dot(d1, d1);
    bestT = t.x;
    if (dot(d2, d2) < best) { best = dot(d2, d2); bestT = t.y; }
    if (dot(d3, d3) < best) { best = dot(d3, d3); bestT = t.z; }
  }
  // The ends, in case rounding pushed a root past them.
  if (dot(g, g) < best) { best = dot(g, g); bestT = 0.0; }
  if (dot(c - p, c - p) < best) { best = dot(c - p, c - p); bestT = 1.0; }
  return vec2(sqrt(best), bestT);
}

float rksBezier(vec3 p, vec3 a, vec3 b, vec3 c) {
  return rksBezierT(p, a, b, c).x;
}

// A rectangular frustum standing on y = 0: a base of half sizes a (x, z), a
// top of half sizes b at y = h. Folded into x, z >= 0, where the nearest
// faces are the top, the bottom, the +x side and the +z side.
float rksTruncatedPyramidRect(vec3 p, vec2 a, vec2 b, float h) {
  vec3 q = vec3(abs(p.x), p.y, abs(p.z));
  vec2 nx = normalize(vec2(h, a.x - b.x));
  vec2 nz = normalize(vec2(h, a.y - b.y));
  float sides = max(dot(vec2(q.x - a.x, q.y), nx), dot(vec2(q.z - a.y, q.y), nz));
  float planes = max(max(-q.y, q.y - h), sides);
  if (planes <= 0.0) return planes;
  vec2 eb = max(q.xz - a, 0.0);
  float bottom = length(vec3(eb.x, q.y, eb.y));
  vec2 et = max(q.xz - b, 0.0);
  float top = length(vec3(et.x, q.y - h, et.y));
  float faceX = rksQuad(q, vec3(a.x, 0.0, -a.y), vec3(a.x, 0.0, a.y), vec3(b.x, h, b.y), vec3(b.x, h, -b.y));
  float faceZ = rksQuad(q, vec3(-a.x, 0.0, a.y), vec3(a.x, 0.0, a.y), vec3(b.x, h, b.y), vec3(-b.x, h, b.y));
  return min(min(bottom, top), min(faceX, faceZ));
}
