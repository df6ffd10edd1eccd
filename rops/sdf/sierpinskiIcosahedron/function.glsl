// The icosahedron flake: the whole function is node/polyFlake.glsl.
#define THIS_SOLID(q) rkfIcosahedronFolded(q)
#include "node/polyFlake.glsl"
