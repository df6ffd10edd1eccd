#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  float n = float(max(THIS_Segments, 1));
  float sector = TAU / n;
  float rot = radians(THIS_Rotate);
  float a = atan(w.y, w.x) - rot;
  float k = floor(a / sector);
  a -= k * sector;
  // The second half of each sector is the mirror image of the first.
  float mirrored = a > 0.5 * sector ? 1.0 : 0.0;
  a = mirrored > 0.5 ? sector - a : a;
  w = length(w) * vec2(cos(a + rot), sin(a + rot));
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(mod(2.0 * k + mirrored, 2.0 * n), 2.0 * n, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
