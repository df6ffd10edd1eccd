ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_RayPart_pos)
  return vec4(ctx.ray.pos, 0.0);
#else
  return vec4(ctx.ray.dir, 0.0);
#endif
}
