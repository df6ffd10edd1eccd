  // Per-node template, included as the last statements of a fractal's
  // function (`#include "node/orbitTrapReturn.glsl"`): returns the distance
  // estimate d (a float in scope) as the node's result, and under the
  // orbitTrap buffer (ROPKIT_SDF_ORBIT_TRAP) records the orbit trap, a vec4
  // `trap` the function keeps under that macro.
#ifdef THIS_RETURN_TYPE_Sdf
  Sdf res = createSdf(d);
#ifdef ROPKIT_SDF_ORBIT_TRAP
  res.orbitTrap = trap;
#endif
  return res;
#else
  return d;
#endif
