// Camera i (0-based) of the connected ones at p; a missing one looks along -z.
Ray THIS_camera(int i, vec2 p, CameraContext ctx) {
#if THIS_COUNT > 3
  if (i == 3) return inputOp4(p, ctx);
#endif
#if THIS_COUNT > 2
  if (i == 2) return inputOp3(p, ctx);
#endif
#if THIS_COUNT > 1
  if (i == 1) return inputOp2(p, ctx);
#endif
#if THIS_COUNT > 0
  return inputOp1(p, ctx);
#else
  return Ray(vec3(0.0), vec3(0.0, 0.0, -1.0));
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float n = float(max(THIS_COUNT, 1));
  float aspect = ctx.resolution.x / max(ctx.resolution.y, 1.0);
  // The point's place in the picture, 0..1 across and up.
  vec2 uv = vec2(p.x / aspect, p.y) + 0.5;
  int i = 0;
#if defined(THIS_Layout_map)
  i = int(round(texture(THIS_CameraMap, uv).r * (n - 1.0)));
#elif defined(THIS_Layout_grid) && THIS_COUNT == 4
  i = (uv.x > 0.5 ? 1 : 0) + (uv.y > 0.5 ? 0 : 2);
#ifdef THIS_Rescale_on
  ctx.resolution *= 0.5;
  p = 2.0 * (mod(p + vec2(0.5 * aspect, 0.5), vec2(0.5 * aspect, 0.5)) - vec2(0.25 * aspect, 0.25));
#endif
#elif defined(THIS_Layout_vert)
  i = int(uv.y * n);
#ifdef THIS_Rescale_on
  ctx.resolution.y /= n;
  p = vec2(p.x * n, n * mod(uv.y, 1.0 / n) - 0.5);
#endif
#else
  i = int(uv.x * n);
#ifdef THIS_Rescale_on
  ctx.resolution.x /= n;
  p.x = mod(uv.x, 1.0 / n) * aspect - 0.5 * aspect / n;
#endif
#endif
  return THIS_camera(clamp(i, 0, int(n) - 1), p, ctx);
}
