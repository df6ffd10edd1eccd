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
  float first = floor(THIS_First + 0.5);
  float last = max(floor(THIS_Last + 0.5), first);
  if (THIS_Limited) c = clamp(c, first, last);
  x = x - THIS_Offset - s * c;
#if defined(THIS_Axis_x)
  q.x = x;
#elif defined(THIS_Axis_y) || defined(THIS_COORD_TYPE_vec2)
  q.y = x;
#else
  q.z = x;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = THIS_Limited ? vec4(c - first, last - first + 1.0, 0.0, 0.0) : vec4(c, 0.0, 0.0, 0.0);
#endif
#include "node/returnCopy.glsl"
}
