ReturnT thismap(CoordT p, ContextT ctx) {
  // The pixel's place, -0.5..0.5 on both axes whatever the aspect ratio.
  vec2 uv = vec2(p.x * ctx.resolution.y / max(ctx.resolution.x, 1.0), p.y);
  Ray ray;
#ifdef THIS_HAS_INPUT_1
  ray.pos = inputOp1(uv, ctx).xyz;
#else
  ray.pos = THIS_Position;
#endif
#ifdef THIS_HAS_INPUT_2
  vec3 dir = inputOp2(uv, ctx).xyz;
  ray.dir = dot(dir, dir) > 0.0 ? normalize(dir) : vec3(0.0, 0.0, 1.0);
#else
  ray.dir = vec3(0.0, 0.0, 1.0);
#endif
  return ray;
}
