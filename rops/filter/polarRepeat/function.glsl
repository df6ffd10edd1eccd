#include "node/axisPlane.glsl"
ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 w = THIS_PLANE(p);
  float n = THIS_RoundCount ? max(floor(THIS_Count + 0.5), 1.0) : max(THIS_Count, 1e-3);
  float angle = TAU / n;
  float whole = atan(w.y, w.x) - radians(THIS_Rotate) + angle * 0.5;
  float c = floor(whole / angle);
  float a = mod(whole, angle) - angle * 0.5;
#if defined(THIS_Limited_on)
  {
    // The slice position from copy 0's start (0 to n), moved across the
    // middle of the gap after the last copy kept, then clamped to the copies.
    float s = mod(whole, TAU) / angle;
    float last = ceil(n) - 1.0;
    float lo = clamp(floor(THIS_LimitLow + 0.5), 0.0, last);
    float hi = clamp(floor(THIS_LimitHigh + 0.5), lo, last);
    if (s >= 0.5 * (hi + 1.0 + n + lo)) {
      s -= n;
    }
    c = clamp(floor(s), lo, hi);
    a = (s - c - 0.5) * angle;
  }
#endif
  if (THIS_Mirror && mod(c, 2.0) >= 1.0) {
    a = -a;
  }
  w = vec2(cos(a), sin(a)) * length(w);
  w.x -= THIS_Offset;
  if (THIS_Turn != 0.0) {
    w = xfRotate(w, -radians(THIS_Turn));
  }
  CoordT q = p;
  THIS_PLANE(q) = w;
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(mod(c, n), n, 0.0, 0.0);
#endif
#include "node/returnCopy.glsl"
}
