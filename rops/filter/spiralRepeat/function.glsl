ReturnT THIS_copy(vec3 p, int i, int n, ContextT ctx) {
  float k = float(i);
#if defined(THIS_Axis_x)
  vec2 w = p.zy;
  float h = p.x;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
  float h = p.z;
#else
  vec2 w = p.xz;
  float h = p.y;
#endif
  w = xfRotate(w, -radians(THIS_Angle) * k);
  w.x -= THIS_Radius;
  h -= THIS_Rise * k;
#if defined(THIS_Axis_x)
  vec3 q = vec3(h, w.y, w.x);
#elif defined(THIS_Axis_z)
  vec3 q = vec3(w, h);
#else
  vec3 q = vec3(w.x, h, w.y);
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(k, float(n), 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}

// Copy i lies within Extent of height i * Rise, so it is at least this far away.
float THIS_heightGap(float h, int i) {
  return abs(h - THIS_Rise * float(i)) - THIS_Extent;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  int n = max(THIS_Count, 1);
#if defined(THIS_Axis_x)
  float h = p.x;
#elif defined(THIS_Axis_z)
  float h = p.z;
#else
  float h = p.y;
#endif
  int nearest = 0;
  if (abs(THIS_Rise) > 1e-6) {
    nearest = int(clamp(floor(h / THIS_Rise + 0.5), 0.0, float(n - 1)));
  }
  ReturnT res = THIS_copy(p, nearest, n, ctx);
  // Walk outward in both directions; stop once every copy left is further
  // away by height alone than the nearest surface found so far.
  int below = nearest - 1;
  int above = nearest + 1;
  for (int j = 1; j < 64; j++) {
    float gapBelow = below >= 0 ? THIS_heightGap(h, below) : 1e10;
    float gapAbove = above < n ? THIS_heightGap(h, above) : 1e10;
    if (min(gapBelow, gapAbove) >= xfDist(res)) break;
    if (gapBelow <= gapAbove) {
      xfUnion(res, THIS_copy(p, below, n, ctx), THIS_Blend);
      below--;
    } else {
      xfUnion(res, THIS_copy(p, above, n, ctx), THIS_Blend);
      above++;
    }
  }
  // After 64 copies, those never reached are kept out of the result only as
  // far as their height allows (ignored where that rules nothing out).
  float rest = min(below >= 0 ? THIS_heightGap(h, below) : 1e10, above < n ? THIS_heightGap(h, above) : 1e10);
  if (rest > 0.0) xfSetDist(res, min(xfDist(res), rest));
  return res;
}
