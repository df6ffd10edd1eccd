// Per-node template (include with `#include "node/axisUp.glsl"`): a 3D
// shape built standing along +y, turned to stand along the axis its menu
// parameter Axis (x, y, z) picks. THIS_UP(v) is v in the shape's own frame,
// where the chosen axis is y: a cyclic swizzle (a turn, never a mirror), so
// x: v.zxy (x up, z across as the shape's x), y: v, z: v.yzx (z up, y
// across as the shape's x). Distances are unchanged by it.
#if defined(THIS_Axis_x)
#define THIS_UP(v) (v).zxy
#elif defined(THIS_Axis_z)
#define THIS_UP(v) (v).yzx
#else
#define THIS_UP(v) (v)
#endif
