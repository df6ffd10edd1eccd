#include "node/mergeModes.glsl"

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec3 n = vec3(clamp(floor(THIS_Count.xy + 0.5), 1.0, 8.0), 1.0);
#else
  vec3 n = clamp(floor(THIS_Count + 0.5), 1.0, 8.0);
#endif
  vec3 s = THIS_Spacing;
  float total = n.x * n.y * n.z;
  vec4 previous = THIS_VAR;
  ReturnT res;
  for (int i = 0; i < 64; i++) {
    float fi = float(i);
    if (fi >= total) break;
    vec3 g = vec3(mod(fi, n.x), mod(floor(fi / n.x), n.y), floor(fi / (n.x * n.y)));
    vec3 at = (g - 0.5 * (n - 1.0)) * s + THIS_Center;
#if defined(THIS_COORD_TYPE_vec2)
    CoordT q = p - at.xy;
#else
    CoordT q = p - at;
#endif
    ContextT c = ctx;
#if defined(THIS_CONTEXT_TYPE_Context)
    c.iteration = vec4(fi, total, 0.0, 0.0);
#endif
    THIS_VAR = vec4(g, fi);
    ReturnT r = inputOp1(q, c);
    if (i == 0) {
      res = r;
    } else {
#if defined(THIS_MergeType_union)
      xfUnion(res, r, THIS_Blend_at(q, c));
#else
      THIS_merge(res, r, THIS_Blend_at(q, c), THIS_MergeNumber, THIS_MergeOffset);
#endif
    }
  }
  THIS_VAR = previous;
  return res;
}
