ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Style_lettuce)
  // TheArchCoder's Mandelettuce: a Julia set of the triplex squaring with
  // Offset as its constant, the point first folded 8-fold about x.
  vec3 z = (p - THIS_Translate) / THIS_Scale;
  float dr = 1.0;
  float r = length(z);
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  THIS_Type previous = THIS_VAR;
  for (int i = 0; i < THIS_Iterations; i++) {
    if (r > 20.0) break;
#include "node/stepVariable.glsl"
    dr *= 2.0 * r;
    // The angle around x, folded into the sector of half width pi / 8.
    float sector = 0.78539816;
    float psi = abs(mod(atan(z.z, z.y) + 0.5 * sector, sector) - 0.5 * sector);
    z.yz = vec2(cos(psi), sin(psi)) * length(z.yz);
    vec3 sq = z * z;
    float flat_ = 1.0 - sq.z / max(sq.x + sq.y + sq.z, 1e-12);
    z = vec3(vec2(sq.x - sq.y, 2.0 * z.x * z.y) * flat_, 2.0 * z.z * sqrt(sq.x + sq.y)) + THIS_Offset;
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
    r = length(z);
  }
  THIS_VAR = previous;
  float d = min(0.5 * log(max(r, 1e-6)) * r / max(dr, 1.0), 1.0) * THIS_Scale;
#include "node/trapReturn.glsl"
#else
  vec3 c = (p - THIS_Translate) / THIS_Scale + THIS_Offset;
  vec3 z = c;
  float dr = 1.0;
  float r = length(z);
  for (int i = 0; i < THIS_Iterations; i++) {
    r = length(z);
    if (r > 256.0) break;
    dr = 2.0 * r * dr + 1.0;
    // Doubling both spherical angles (polar from +y, azimuth in xz).
    float rho = max(length(z.xz), 1e-9);
    float s = 2.0 * z.y / rho;
    z = vec3(s * (z.x * z.x - z.z * z.z), z.y * z.y - rho * rho, s * 2.0 * z.x * z.z) + c;
    r = length(z);
  }
  float d = 0.25 * log(max(r, 1e-6)) * r / dr * THIS_Scale;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
