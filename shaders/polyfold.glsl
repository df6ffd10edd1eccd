// Folds into the fundamental regions of the polyhedral symmetry groups, for
// the fractals built from them. A fold reflects the point across each mirror
// it lies behind; reflections keep distances, so a shape with the group's
// symmetry has the same distance at the folded point.
// Its names start with rkf, apart from every other library's.

// The tetrahedral group of the tetrahedron with corners (1,1,1), (1,-1,-1),
// (-1,1,-1), (-1,-1,1): afterwards x + y, x + z and y + z are all >= 0, the
// region nearer the corner (1,1,1) than any other.
vec3 rkfTetra(vec3 p) {
  if (p.x + p.y < 0.0) p.xy = -p.yx;
  if (p.x + p.z < 0.0) p.xz = -p.zx;
  if (p.y + p.z < 0.0) p.yz = -p.zy;
  return p;
}

// The octahedral group: afterwards x >= y >= z >= 0, nearest the corner +x.
vec3 rkfOcta(vec3 p) {
  p = abs(p);
  if (p.y > p.x) p.xy = p.yx;
  if (p.z > p.x) p.xz = p.zx;
  if (p.z > p.y) p.yz = p.zy;
  return p;
}

// The icosahedral group of the icosahedron with corners at the cyclic
// permutations of (0, +-1, +-phi). Its 15 mirrors are the coordinate planes
// and the planes normal to the cyclic permutations of (+-phi, +-1, +-1/phi)/2,
// each oriented here towards one chamber; two passes reach that chamber from
// anywhere, the third is margin. The chamber's corners point at the
// icosahedron corner RKF_ICO_CORNER, the face centre RKF_ICO_FACE (a corner
// of the dual dodecahedron) and the edge midpoint RKF_ICO_EDGE (unit vectors).
// Uses rkTriangle from shapes.glsl: list `shapes` before `polyfold`.
#define RKF_ICO_CORNER vec3(0.0, 0.52573111212, 0.85065080835)
#define RKF_ICO_FACE vec3(0.57735026919, 0.57735026919, 0.57735026919)

vec3 rkfIcosaMirror(vec3 p, vec3 n) {
  return p - 2.0 * min(0.0, dot(p, n)) * n;
}

vec3 rkfIcosa(vec3 p) {
  const float a = 0.80901699437;  // phi / 2
  const float b = 0.5;
  const float c = 0.30901699437;  // 1 / (2 phi)
  for (int i = 0; i < 3; i++) {
    p = abs(p);
    p = rkfIcosaMirror(p, vec3(a, b, c));
    p = rkfIcosaMirror(p, vec3(a, b, -c));
    p = rkfIcosaMirror(p, vec3(a, -b, c));
    p = rkfIcosaMirror(p, vec3(-a, b, c));
    p = rkfIcosaMirror(p, vec3(c, a, b));
    p = rkfIcosaMirror(p, vec3(c, a, -b));
    p = rkfIcosaMirror(p, vec3(-c, a, -b));
    p = rkfIcosaMirror(p, vec3(-c, a, b));
    p = rkfIcosaMirror(p, vec3(b, c, a));
    p = rkfIcosaMirror(p, vec3(-b, -c, a));
    p = rkfIcosaMirror(p, vec3(b, -c, a));
    p = rkfIcosaMirror(p, vec3(-b, c, a));
  }
  return p;
}

// rkfIcosa with the mirrors' golden ratio replaced by phi: the planes
// normal to the cyclic permutations of (+-phi, +-1, +-1/phi), normalised,
// and the coordinate planes, in the same order. At phi = (1 + sqrt 5) / 2
// it is rkfIcosa; elsewhere the mirrors no longer close into a group, and
// the fold bends the kaleidoscope's cells (still a union of mirror images,
// so distances only shrink).
vec3 rkfIcosaPhi(vec3 p, float phi) {
  float ph = max(phi, 1e-3);
  vec3 n = vec3(ph, 1.0, 1.0 / ph) / length(vec3(ph, 1.0, 1.0 / ph));
  float a = n.x;
  float b = n.y;
  float c = n.z;
  for (int i = 0; i < 3; i++) {
    p = abs(p);
    p = rkfIcosaMirror(p, vec3(a, b, c));
    p = rkfIcosaMirror(p, vec3(a, b, -c));
    p = rkfIcosaMirror(p, vec3(a, -b, c));
    p = rkfIcosaMirror(p, vec3(-a, b, c));
    p = rkfIcosaMirror(p, vec3(c, a, b));
    p = rkfIcosaMirror(p, vec3(c, a, -b));
    p = rkfIcosaMirror(p, vec3(-c, a, -b));
    p = rkfIcosaMirror(p, vec3(-c, a, b));
    p = rkfIcosaMirror(p, vec3(b, c, a));
    p = rkfIcosaMirror(p, vec3(-b, -c, a));
    p = rkfIcosaMirror(p, vec3(b, -c, a));
    p = rkfIcosaMirror(p, vec3(-b, c, a));
  }
  return p;
}

// Exact distances to the icosahedron and the dodecahedron with corners at
// distance 1 from a point already folded by rkfIcosa. Both solids have the
// group's symmetry, so the nearest surface point of a folded point lies in
// the chamber too: on the small triangle the chamber cuts from the one face
// it sees (corner, face centre, edge midpoint). Inside, the distance is the
// depth below that face's plane (0.79465447229 from the centre for both).
#define RKF_ICO_EDGE vec3(0.30901699437, 0.80901699437, 0.5)

float rkfIcosahedronFolded(vec3 q) {
  float plane = dot(q, RKF_ICO_FACE) - 0.79465447229;
  if (plane <= 0.0) return plane;
  return rkTriangle(q, RKF_ICO_CORNER, RKF_ICO_FACE * 0.79465447229,
                    RKF_ICO_EDGE * 0.85065080835);
}

float rkfDodecahedronFolded(vec3 q) {
  float plane = dot(q, RKF_ICO_CORNER) - 0.79465447229;
  if (plane <= 0.0) return plane;
  return rkTriangle(q, RKF_ICO_FACE, RKF_ICO_CORNER * 0.79465447229,
                    RKF_ICO_EDGE * 0.93417235896);
}
