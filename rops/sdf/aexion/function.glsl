ReturnT thismap(CoordT p, ContextT ctx) {
  vec4 planes = abs(vec4(dot(p, vec3(1.0, 1.0, 1.0)), dot(p, vec3(-1.0, -1.0, 1.0)),
                         dot(p, vec3(-1.0, 1.0, -1.0)), dot(p, vec3(1.0, -1.0, -1.0))) - 4.0);
  vec4 v = vec4(0.0);
  float v2 = 0.0;
  float scale = 2.0;
  vec4 trap = vec4(THIS_MaxDist);
  for (int i = 0; i < THIS_Iterations; i++) {
    v = 2.0 * clamp(v, -1.0, 1.0) - v;
    v2 = dot(v, v);
    float k = 4.0 * clamp(max(0.25 / max(v2, 1e-12), 0.25), 0.0, 1.0);
    v = 2.0 * (v * k) + planes;
    scale *= 0.5 / k;
    trap = min(trap, vec4(abs(v.xyz), v2));
    if (v2 > 3600.0) break;
  }
  float d = sqrt(v2) * scale;
#include "node/orbitTrapReturn.glsl"
}
