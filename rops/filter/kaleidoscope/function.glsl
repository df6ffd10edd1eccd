ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec2)
  vec2 w = p;
#elif defined(THIS_Axis_x)
  vec2 w = p.zy;
#elif defined(THIS_Axis_z)
  vec2 w = p.xy;
#else
  vec2 w = p.xz;
#endif
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
#if defined(THIS_COORD_TYPE_vec2)
  q = w;
#elif defined(THIS_Axis_x)
  q.zy = w;
#elif defined(THIS_Axis_z)
  q.xy = w;
#else
  q.xz = w;
#endif
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = vec4(mod(2.0 * k + mirrored, 2.0 * n), 2.0 * n, 0.0, 0.0);
#endif
  return inputOp1(q, ctx);
}
