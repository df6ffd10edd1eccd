// Per-node template (include with `#include "node/trapReturn.glsl"`): the
// end of a fractal's thismap, returning the distance `d` as the node's
// return type, with the orbit trap `vec4 trap` (which the code keeps under
// ROPKIT_SDF_ORBIT_TRAP) in the Sdf's orbitTrap field.
#ifdef THIS_RETURN_TYPE_Sdf
  Sdf res = createSdf(d);
#ifdef ROPKIT_SDF_ORBIT_TRAP
  res.orbitTrap = trap;
#endif
  return res;
#else
  return d;
#endif
