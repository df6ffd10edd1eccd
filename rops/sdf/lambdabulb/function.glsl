// z^power in triplex numbers: length to the power, azimuth times it, polar
// angle times it plus a fixed shift.
vec3 THIS_pow(vec3 z, float power) {
  float r = length(z);
  float azimuth = atan(z.y, z.x) * power;
  float polar = acos(clamp(z.z / max(r, 1e-12), -1.0, 1.0)) * power + 1.815142;
  return pow(r, power) * vec3(sin(polar) * cos(azimuth), sin(polar) * sin(azimuth), cos(polar));
}

// C times v: lengths multiplied, azimuths and elevations added.
vec3 THIS_times(vec3 v, float cr, float caz, float cel) {
  float r = length(v);
  float az = atan(v.y, v.x) + caz;
  float el = asin(clamp(v.z / max(r, 1e-12), -1.0, 1.0)) + cel;
  return cr * r * vec3(cos(az) * cos(el), sin(az) * cos(el), sin(el));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 c = THIS_C;
  float cr = length(c);
  float caz = atan(c.y, c.x);
  float cel = asin(clamp(c.z / max(cr, 1e-12), -1.0, 1.0));
  vec3 z = p;
  float r = length(z);
  float dz = 1.0;
  float n = THIS_Power;
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  for (int i = 0; i < 30; i++) {
    if (i >= THIS_Iterations) break;
    dz = n * pow(r, 0.5 * (n - 1.0)) * dz + 2.0;
    z = THIS_times(z - THIS_pow(z, n), cr, caz, cel);
    r = length(z);
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
    if (r > 2.0) break;
  }
  float d = 0.5 * log(max(r, 1e-12)) * sqrt(r) / dz;
#include "node/orbitTrapReturn.glsl"
}
