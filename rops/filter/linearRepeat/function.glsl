ReturnT thismap(CoordT p, ContextT ctx) {
  CoordT q = p;
#if defined(THIS_Axis_x)
  float x = q.x;
#elif defined(THIS_Axis_y) || defined(THIS_COORD_TYPE_vec2)
  float x = q.y;
#else
  float x = q.z;
#endif
  float s = max(THIS_Spacing, 1e-4);
  float c = floor((x - THIS_Offset) / s + 0.5);
  float shift = floor(THIS_LimitOffset + 0.5);
  float first = floor(THIS_First + 0.5) + shift;
  float last = max(floor(THIS_Last + 0.5) + shift, first);
#if defined(THIS_LimitType_start)
  if (THIS_Limited) c = max(c, first);
#elif defined(THIS_LimitType_stop)
  if (THIS_Limited) c = min(c, last);
#else
  if (THIS_Limited) c = clamp(c, first, last);
#endif
  x = x - THIS_Offset - s * c;
  if (THIS_Mirror && mod(c, 2.0) < 1.0) {
    x = -x;
  }
#if defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_index)
  ctx.iteration = THIS_Limited ? vec4(c - first, last - first + 1.0, 0.0, 0.0) : vec4(c, 0.0, 0.0, 0.0);
#elif defined(THIS_CONTEXT_TYPE_Context) && defined(THIS_Iteration_alternating)
  ctx.iteration = vec4(mod(c, 2.0), 2.0, 0.0, 0.0);
#endif
  x -= THIS_CellOffset_at(p, ctx);
#if defined(THIS_Axis_x)
  q.x = x;
#elif defined(THIS_Axis_y) || defined(THIS_COORD_TYPE_vec2)
  q.y = x;
#else
  q.z = x;
#endif
#include "node/returnCopy.glsl"
}
