// The slice around +x of n copies around the origin, shifted by `shift`
// cells, and its index.
vec2 THIS_slice(vec2 w, float n, float shift, out float k) {
  float step = TAU / n;
  k = floor(atan(w.y, w.x) / step - shift + 0.5);
  float a = (k + shift) * step;
  return vec2(cos(a) * w.x + sin(a) * w.y, -sin(a) * w.x + cos(a) * w.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float n = max(floor(THIS_Count + 0.5), 1.0);
  float m = max(floor(THIS_Repetitions + 0.5), 1.0);
  float i;
  float j;
  vec2 plane = dmPlane(p, THIS_AXIS);
  vec2 w = THIS_slice(plane, n, THIS_Shiftx, i);
  // In the tube's cross-section: out from the centre line, and along the axis.
  vec2 tube = vec2(length(plane) - THIS_Radius, dmAlong(p, THIS_AXIS));
  vec2 c = THIS_slice(vec2(w.x - THIS_Radius, tube.y), m, THIS_Shifty, j);
  vec3 q = vec3(c.y, c.x - THIS_Thickness, w.y);
#if defined(THIS_CONTEXT_TYPE_Context)
  i = mod(i, n);
  j = mod(j, m);
  ctx.iteration = vec4(i * m + j, n * m, i, j);
#endif
  float around = degrees(atan(plane.y, plane.x));
  float inner = degrees(atan(tube.y, tube.x));
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(around, around / 360.0 + 0.5, inner, inner / 360.0 + 0.5);
  ReturnT res = inputOp1(q, ctx);
  THIS_VAR = previous;
  return res;
}
