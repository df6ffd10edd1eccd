ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = THIS_Spacing;
  vec3 lim = floor(THIS_Limit + 0.5);
  vec3 on = step(vec3(1e-5), s);
  vec3 safe = max(s, vec3(1e-5));
#else
  vec2 s = THIS_Spacing.xy;
  vec2 lim = floor(THIS_Limit.xy + 0.5);
  vec2 on = step(vec2(1e-5), s);
  vec2 safe = max(s, vec2(1e-5));
#endif
  CoordT c = floor(p / safe + 0.5) * on;
  if (THIS_Limited) c = clamp(c, -lim, lim);
  CoordT q = p - safe * c * on;
#if defined(THIS_CONTEXT_TYPE_Context)
  CoordT n = (2.0 * lim + 1.0) * on + (1.0 - on);
#if defined(THIS_COORD_TYPE_vec3)
  float total = THIS_Limited ? n.x * n.y * n.z : 0.0;
  ctx.iteration = vec4(c.x, total, c.y, c.z);
#else
  float total = THIS_Limited ? n.x * n.y : 0.0;
  ctx.iteration = vec4(c.x, total, c.y, 0.0);
#endif
#endif
#include "node/returnCopy.glsl"
}
