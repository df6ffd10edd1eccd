// v turned by a radians in its plane.
vec2 THIS_turn(vec2 v, float a) {
  return vec2(cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Mode_sponge)
  // TheArchCoder's octahedral sponge: each level turns (about y, then x),
  // mirrors into one of the octahedral group's chambers, scales away from
  // Offset, reflects through (1, 1, 1) and turns again.
  vec3 z = 2.0 * (p - THIS_Translate) / THIS_Radius;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  THIS_Type previous = THIS_VAR;
  float grow = 1.0;
  float s = 1.0;
  for (int i = 0; i < THIS_Iterations; i++) {
#include "node/stepVariable.glsl"
    s = THIS_Scale;
    vec4 a = radians(THIS_Rotate);
    z.xz = THIS_turn(z.xz, a.x);
    z.yz = THIS_turn(z.yz, a.y);
    z = abs(z);
    if (z.x < z.y) z.xy = z.yx;
    if (z.z < z.x) z.zx = z.xz;
    z = z * s - THIS_Offset * (s - 1.0);
    z = 2.0 - z;
    z.xz = THIS_turn(z.xz, a.z);
    z.yz = THIS_turn(z.yz, a.w);
    grow *= s;
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
  }
  THIS_VAR = previous;
  float d = 0.7 * length(z) / (grow * max(s, 1e-4)) * 0.5 * THIS_Radius;
#include "node/trapReturn.glsl"
#else
  vec3 z = (p - THIS_Translate) / THIS_Radius;
  float scale = THIS_Radius;
  for (int i = 0; i < THIS_Iterations; i++) {
    z = rkfOcta(z);
    z = 2.0 * z - vec3(1.0, 0.0, 0.0);
    scale *= 0.5;
  }
  float d = rksOctahedron(z, 1.0) * scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
