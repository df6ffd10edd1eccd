ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = THIS_Spacing;
#else
  vec2 s = THIS_Spacing.xy;
#endif
  CoordT on = step(CoordT(1e-5), s);
  CoordT safe = max(s, CoordT(1e-5));
  CoordT c = floor(p / safe + 0.5);
  // A triangle wave of period 2s: the coordinate runs up through even cells
  // and back down through odd ones.
  CoordT t = mod(p + 0.5 * safe, 2.0 * safe);
  CoordT folded = mix(t - 0.5 * safe, 1.5 * safe - t, step(safe, t));
  CoordT q = mix(p, folded, on);
#if defined(THIS_CONTEXT_TYPE_Context)
  c *= on;
#if defined(THIS_COORD_TYPE_vec3)
  ctx.iteration = vec4(c.x, 0.0, c.y, c.z);
#else
  ctx.iteration = vec4(c.x, 0.0, c.y, 0.0);
#endif
#endif
#include "node/returnCopy.glsl"
}
