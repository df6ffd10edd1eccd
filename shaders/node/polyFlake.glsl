// Per-node template (include with `#include "node/polyFlake.glsl"`): the
// whole thismap of a polyhedral flake (an n-flake), a solid replaced by
// copies Ratio its size, Iterations times over, each level folding space by
// the icosahedral group (rkfIcosa, libraries shapes and polyfold) and
// scaling away from Offset. Expects the parameters Iterations (int, macro),
// Ratio, Radius, Translate and Offset (xyz), a variable (Name, Type: float
// or vec4), and THIS_SOLID(q) defined before the include: the distance to
// the unit solid from a point already folded by rkfIcosa. The variable is
// the level (float: over the last level; vec4: level, that, 0, 0), set
// while Ratio and Offset are read at each level; the orbit trap is filled.
ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  float scale = THIS_Radius;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  // The orbit trap (the orbitTrap buffer): how near the folded point came
  // to each axis plane and to the centre, over the levels.
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  THIS_Type previous = THIS_VAR;
  for (int i = 0; i < THIS_Iterations; i++) {
#include "node/stepVariable.glsl"
    float r = clamp(THIS_Ratio, 0.01, 0.5);
    // Into the chamber beside one corner; that corner's copy is the nearest.
    z = rkfIcosa(z);
    z = (z - (1.0 - r) * THIS_Offset) / r;
    scale *= r;
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
  }
  THIS_VAR = previous;
  float d = THIS_SOLID(rkfIcosa(z)) * scale;
#include "node/trapReturn.glsl"
}
