ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 s = THIS_Spacing;
  vec3 lim = floor(THIS_Limit + 0.5);
  vec3 on = step(vec3(1e-5), s);
  vec3 safe = max(s, vec3(1e-5));
  vec3 shift = THIS_Shift;
  vec3 lo = floor(THIS_LimitStart + 0.5);
  vec3 hi = floor(THIS_LimitStop + 0.5);
  vec3 lofs = floor(THIS_LimitOffset + 0.5);
#else
  vec2 s = THIS_Spacing.xy;
  vec2 lim = floor(THIS_Limit.xy + 0.5);
  vec2 on = step(vec2(1e-5), s);
  vec2 safe = max(s, vec2(1e-5));
  vec2 shift = THIS_Shift.xy;
  vec2 lo = floor(THIS_LimitStart.xy + 0.5);
  vec2 hi = floor(THIS_LimitStop.xy + 0.5);
  vec2 lofs = floor(THIS_LimitOffset.xy + 0.5);
#endif
  CoordT ps = p - shift;
#if defined(THIS_LimitType_symmetric)
  lo = -lim;
  hi = lim;
#endif
  lo += lofs;
  hi = max(hi + lofs, lo);
  CoordT c = floor(ps / safe + 0.5) * on;
#if defined(THIS_LimitType_start)
  if (THIS_Limited) c = max(c, lo) * on;
#elif defined(THIS_LimitType_stop)
  if (THIS_Limited) c = min(c, hi) * on;
#elif defined(THIS_LimitType_both)
  if (THIS_Limited) c = clamp(c, lo, hi) * on;
#else
  if (THIS_Limited) c = clamp(c, -lim + lofs, lim + lofs);
#endif
  CoordT q = ps - safe * c * on;
#if defined(THIS_Mirror_mirror) || defined(THIS_Mirror_grid)
  // hg_sdf's pModMirror2: the even cells flipped.
  q *= mix(CoordT(1.0), mod(c, 2.0) * 2.0 - 1.0, on);
#endif
#if defined(THIS_Mirror_grid)
  // pModGrid2: then folded on the diagonal of the plane.
#if defined(THIS_COORD_TYPE_vec3)
  vec2 g = q.xz - 0.5 * safe.xz;
  q.xz = g.x > g.y ? g.yx : g;
#else
  vec2 g = q - 0.5 * safe;
  q = g.x > g.y ? g.yx : g;
#endif
#endif
  // The cell's place between the limits (where both ends are limited).
#if defined(THIS_LimitType_start) || defined(THIS_LimitType_stop)
  CoordT place = c;
#else
  CoordT place = THIS_Limited ? (c - lo) / max(hi - lo, CoordT(1.0)) : c;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
#if defined(THIS_LimitType_symmetric) || defined(THIS_LimitType_both)
  CoordT n = (hi - lo + 1.0) * on + (1.0 - on);
#else
  CoordT n = CoordT(0.0);
#endif
#if defined(THIS_COORD_TYPE_vec3)
  float total = THIS_Limited ? n.x * n.y * n.z : 0.0;
  vec4 cell4 = vec4(c.x, total, c.y, c.z);
#else
  float total = THIS_Limited ? n.x * n.y : 0.0;
  vec4 cell4 = vec4(c.x, total, c.y, 0.0);
#endif
#if defined(THIS_Iteration_cell)
  ctx.iteration = cell4;
#elif defined(THIS_Iteration_alternating)
  ctx.iteration = vec4(mod(cell4.x, 2.0), 2.0, mod(cell4.zw, 2.0));
#elif defined(THIS_Iteration_quadrant)
#if defined(THIS_COORD_TYPE_vec3)
  ctx.iteration = vec4(mod(c.x, 2.0) + 2.0 * mod(c.z, 2.0), 4.0, 0.0, 0.0);
#else
  ctx.iteration = vec4(mod(c.x, 2.0) + 2.0 * mod(c.y, 2.0), 4.0, 0.0, 0.0);
#endif
#endif
#endif
#if defined(THIS_COORD_TYPE_vec3)
  q -= THIS_CellOffset_at(p, ctx);
#else
  q -= THIS_CellOffset_at(p, ctx).xy;
#endif
  vec4 previous = THIS_VAR;
#if defined(THIS_COORD_TYPE_vec3)
  THIS_VAR = vec4(place, 0.0);
#else
  THIS_VAR = vec4(place, 0.0, 0.0);
#endif
#define THIS_COPY_RESTORE THIS_VAR = previous
#include "node/returnCopy.glsl"
}
