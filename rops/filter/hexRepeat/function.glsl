#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  // The hexagonal lattice is two rectangular ones of size s by s*sqrt(3),
  // the second shifted by half of each: the nearer of the two points wins.
  float s = max(THIS_Spacing, 1e-4);
  vec2 rect = vec2(s, s * 1.7320508);
  vec2 a = mod(w + 0.5 * rect, rect) - 0.5 * rect;
  vec2 b = mod(w, rect) - 0.5 * rect;
  vec2 g = dot(a, a) <= dot(b, b) ? a : b;
  vec2 centre = w - g;
  CoordT q = p;
  THIS_PLANE(q) = g;
#if defined(THIS_CONTEXT_TYPE_Context)
  float row = floor(centre.y / (0.5 * rect.y) + 0.5);
  float col = floor((centre.x - 0.5 * s * row) / s + 0.5);
  ctx.iteration = vec4(col, 0.0, row, 0.0);
#endif
#include "node/returnCopy.glsl"
}
