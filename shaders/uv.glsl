// Texture coordinates (UVs): one convention for every source and every read.
//
// An image's (0, 0) is its bottom-left corner and (1, 1) its top-right: u
// runs right and v runs up the image, as in OpenGL, Blender and Shadertoy.
// On a surface, seen from outside, u runs to the right and v runs up, so a
// picture on a face reads the right way round, not mirrored. Images are
// stored top row first, so every read of an image at a UV goes through
// ropkitImageUV. docs/writing-rops.md shows the convention on a box.

// Where in the stored image a UV falls (rows from the top).
#define ropkitImageUV(uv) vec2((uv).x, 1.0 - (uv).y)

// The UV of a point r on the face of a box whose outward normal is axis
// `axis` (0 x, 1 y, 2 z) times `side` (1 or -1), in the face's own units
// (r from the centre): seen from outside the face, u to the right and v up.
// Side faces stand upright (v along +y); the top reads as the front (+z)
// face tipped back (v along -z), the bottom as it tipped forward (v along
// +z). Planar projections use the positive side's frame.
vec2 ropkitFaceUV(vec3 r, int axis, float side) {
  if (axis == 0) return vec2(-side * r.z, r.y);
  if (axis == 1) return vec2(r.x, -side * r.z);
  return vec2(side * r.x, r.y);
}

// The UV on the box face a point lies on: the axis where the point is
// furthest out relative to the size, each face the square 0..1.
vec2 ropkitBoxUV(vec3 rel) {
  vec3 a = abs(rel);
  int axis = (a.x >= a.y && a.x >= a.z) ? 0 : (a.y >= a.z ? 1 : 2);
  // Components picked without a dynamic index, which some engines' shader
  // languages lack.
  float along = axis == 0 ? rel.x : (axis == 1 ? rel.y : rel.z);
  float side = along < 0.0 ? -1.0 : 1.0;
  return ropkitFaceUV(rel, axis, side) + 0.5;
}

// Longitude around a pole (0..1, increasing to the right seen from outside)
// and height along it, of a point q in the pole's frame: x -> (y, z), y ->
// (z, x), z -> (x, y), each right-handed, so that u = 0.5 faces +y, +z and +x.
vec3 ropkitPoleFrame(vec3 q, int axis) {
  if (axis == 0) return q.yzx;
  if (axis == 1) return q.zxy;
  return q.xyz;
}

float ropkitLongitude(vec3 c) {
  return atan(c.y, c.x) / TAU + 0.5;
}
