// The slice around +x of n copies around the origin, and its index.
vec2 THIS_slice(vec2 w, float n, out float k) {
  float step = TAU / n;
  k = floor(atan(w.y, w.x) / step + 0.5);
  float a = k * step;
  return vec2(cos(a) * w.x + sin(a) * w.y, -sin(a) * w.x + cos(a) * w.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float n = float(max(THIS_Count, 1));
  float m = float(max(THIS_Repetitions, 1));
  float i;
  float j;
  vec2 w = THIS_slice(dmPlane(p, THIS_AXIS), n, i);
  // In the tube's cross-section: out from the centre line, and along the axis.
  vec2 c = THIS_slice(vec2(w.x - THIS_Radius, dmAlong(p, THIS_AXIS)), m, j);
  vec3 q = vec3(c.y, c.x - THIS_Thickness, w.y);
#if defined(THIS_CONTEXT_TYPE_Context)
  i = mod(i, n);
  j = mod(j, m);
  ctx.iteration = vec4(i * m + j, n * m, i, j);
#endif
  return inputOp1(q, ctx);
}
