// Rotations and unions shared by the filters that place copies of their
// input (radialClone, cloneUnion, spiralRepeat, cellRandom, iteratedTransform,
// crossSection, ...).

// Turns a 2D vector counter-clockwise by `a` radians.
vec2 xfRotate(vec2 v, float a) {
  float c = cos(a);
  float s = sin(a);
  return vec2(c * v.x - s * v.y, s * v.x + c * v.y);
}

// The rotation by Euler angles in degrees: about x, then y, then z (the
// order the transform ROP uses). Its transpose undoes it.
mat3 xfEuler(vec3 degrees) {
  vec3 a = radians(degrees);
  vec3 c = cos(a);
  vec3 s = sin(a);
  mat3 rx = mat3(1.0, 0.0, 0.0, 0.0, c.x, s.x, 0.0, -s.x, c.x);
  mat3 ry = mat3(c.y, 0.0, -s.y, 0.0, 1.0, 0.0, s.y, 0.0, c.y);
  mat3 rz = mat3(c.z, s.z, 0.0, -s.z, c.z, 0.0, 0.0, 0.0, 1.0);
  return rz * ry * rx;
}

// Two unit vectors that span the plane perpendicular to the unit vector n.
void xfBasis(vec3 n, out vec3 u, out vec3 v) {
  vec3 helper = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  u = normalize(cross(helper, n));
  v = cross(n, u);
}

// Joins copy b into the union res: the nearer one when k <= 0, else a smooth
// union of radius k whose seam blends the two materials.
void xfUnion(inout Sdf res, Sdf b, float k) {
  if (k <= 0.0) {
    if (b.x < res.x) res = b;
    return;
  }
  float h = clamp(0.5 + 0.5 * (b.x - res.x) / k, 0.0, 1.0);
  float d = mix(b.x, res.x, h) - k * h * (1.0 - h);
  blendInSdf(res, b, 1.0 - h);
  res.x = d;
}

void xfUnion(inout float res, float b, float k) {
  if (k <= 0.0) {
    res = min(res, b);
    return;
  }
  float h = clamp(0.5 + 0.5 * (b - res) / k, 0.0, 1.0);
  res = mix(b, res, h) - k * h * (1.0 - h);
}

// The distance part of an Sdf or float result, and setting it.
float xfDist(Sdf r) { return r.x; }
float xfDist(float r) { return r; }
void xfSetDist(inout Sdf r, float d) { r.x = d; }
void xfSetDist(inout float r, float d) { r = d; }
