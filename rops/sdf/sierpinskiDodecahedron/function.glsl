// The dodecahedron flake: the whole function is node/polyFlake.glsl.
#define THIS_SOLID(q) rkfDodecahedronFolded(q)
#include "node/polyFlake.glsl"
