ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  mat3 turn = xfEuler(THIS_Rotate);
  mat3 turn2 = xfEuler(THIS_Rotate2);
  bool twice = THIS_Rotate2 != vec3(0.0);
  // The golden ratio folds by the icosahedral group itself.
  bool golden = abs(THIS_Phi - 1.61803398875) < 1e-6;
  float bailout = pow(10.0, THIS_Bailout);
  float s = max(THIS_Scale, 1.0001);
  float scale = THIS_Radius;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  // The orbit trap (the orbitTrap buffer): how near the point came to each
  // axis plane and to the centre, over the levels.
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
    z = turn * (golden ? rkfIcosa(z) : rkfIcosaPhi(z, THIS_Phi));
    z = z * s - THIS_Offset * (s - 1.0);
    if (twice) z = turn2 * z;
    scale /= s;
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
    if (dot(z, z) > bailout) break;
  }
  float b = max(THIS_BaseSize, 1e-4);
  float d = rkfDodecahedronFolded(rkfIcosa(z) / b) * b * scale;
#include "node/trapReturn.glsl"
}
