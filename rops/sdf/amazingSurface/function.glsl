ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  // Kali's repetition along z: mirrored cells 6 long.
  if (THIS_Tile) z.z = abs(3.0 - mod(z.z, 6.0));
  mat3 turn = xfEuler(THIS_Rotate);
  float f = THIS_Fold;
  float m2 = THIS_MinRadius * THIS_MinRadius;
  float hi = max(THIS_ClampMax, m2);
  float dr = 1.0;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  // The orbit trap (the orbitTrap buffer): how near the orbit came to each
  // axis plane and to the centre.
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  for (int i = 0; i < THIS_Iterations; i++) {
#if defined(THIS_Mode_kali)
    // Kali's step: fold x and z at their own planes, move down in y.
    vec3 st = THIS_StepTranslate;
    z.xz = abs(z.xz + st.xz) - abs(z.xz - st.xz) - z.xz;
    z.y -= st.y;
    float k = THIS_StepScale / clamp(dot(z, z), m2, hi);
    z = turn * (z * k);
#else
    z.xz = abs(z.xz + f) - abs(z.xz - f) - z.xz;
    float k = THIS_StepScale / clamp(dot(z, z), m2, hi);
    z = turn * (z * k) + THIS_Julia;
#endif
    dr *= k;
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
  }
#if defined(THIS_Mode_kali)
  // Kali's slab-shaped end: 1 beyond 1.5 in y and z.
  float d = (length(max(z.yz - 1.5, 0.0)) - 1.0) / dr * THIS_Scale;
#else
  float d = 0.5 * (length(z) - 2.0) / dr * THIS_Scale;
#endif
#include "node/trapReturn.glsl"
}
