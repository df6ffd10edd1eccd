// Per-node template for a pattern that lies in a plane: defines
// THIS_patternPoint(p), the point in the pattern's plane. A 2D point is
// taken as it is; a 3D one is read in the plane chosen by the ROP's Plane
// menu (xz, xy or yz), which the ROP must have.
#if defined(THIS_COORD_TYPE_vec3)
vec2 THIS_patternPoint(vec3 p) {
  return p.THIS_Plane;
}
#else
vec2 THIS_patternPoint(vec2 p) {
  return p;
}
#endif
