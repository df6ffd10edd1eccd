// Helpers shared by the domain filters that work in a plane around an
// axis, or that scale the distance they pass on (the repeats, warps and
// conformal maps of the filter category).
//
// Axes are numbered 0 (x), 1 (y), 2 (z); a ROP turns its Axis menu into
// that number in its macro table. The plane around an axis is the one
// polarRepeat and kaleidoscope use: (z, y) around x, (x, z) around y,
// (x, y) around z. A 2D point is its own plane.

vec2 dmPlane(vec3 p, int axis) {
  return axis == 0 ? p.zy : (axis == 2 ? p.xy : p.xz);
}
vec2 dmPlane(vec2 p, int axis) {
  return p;
}

// The coordinate along the axis (0 for a 2D point).
float dmAlong(vec3 p, int axis) {
  return axis == 0 ? p.x : (axis == 2 ? p.z : p.y);
}
float dmAlong(vec2 p, int axis) {
  return 0.0;
}

// The point with its plane part replaced by w and its axial part by h.
vec3 dmUnplane(vec3 p, vec2 w, float h, int axis) {
  if (axis == 0) return vec3(h, w.y, w.x);
  if (axis == 2) return vec3(w, h);
  return vec3(w.x, h, w.y);
}
vec2 dmUnplane(vec2 p, vec2 w, float h, int axis) {
  return w;
}

// Component i of a point, and the point with component i replaced.
float dmGet(vec3 p, int i) {
  return i == 0 ? p.x : (i == 1 ? p.y : p.z);
}
float dmGet(vec2 p, int i) {
  return i == 0 ? p.x : p.y;
}
vec3 dmSet(vec3 p, int i, float v) {
  if (i == 0) p.x = v;
  else if (i == 1) p.y = v;
  else p.z = v;
  return p;
}
vec2 dmSet(vec2 p, int i, float v) {
  if (i == 0) p.x = v;
  else p.y = v;
  return p;
}

// The distance of a result, and multiplying it: a field's vec4 has none.
float dmDist(Sdf r) { return r.x; }
float dmDist(float r) { return r; }
float dmDist(vec4 r) { return 0.0; }
void dmScaleDist(inout Sdf r, float k) { r.x *= k; }
void dmScaleDist(inout float r, float k) { r *= k; }
void dmScaleDist(inout vec4 r, float k) { }
void dmSetDist(inout Sdf r, float d) { r.x = d; }
void dmSetDist(inout float r, float d) { r = d; }
void dmSetDist(inout vec4 r, float d) { }

// The rotation that takes the unit vector `dir` to +y, its rows an
// orthonormal frame (u, dir, v): v * m gives a point's coordinates in it.
mat3 dmFrameY(vec3 dir) {
  vec3 helper = abs(dir.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(1.0, 0.0, 0.0);
  vec3 u = normalize(cross(dir, helper));
  vec3 v = cross(u, dir);
  return mat3(u, dir, v);
}

// Turns v about the unit axis k by angle a (radians), right-handed.
vec3 dmRotateAxis(vec3 v, vec3 k, float a) {
  float c = cos(a);
  float s = sin(a);
  return v * c + cross(k, v) * s + k * dot(k, v) * (1.0 - c);
}
