ReturnT thismap(CoordT p, ContextT ctx) {
  // The camera's coordinate (y from -0.5 to 0.5, x scaled by the aspect
  // ratio) to the image's 0..1, through the map, and back.
  float aspect = ctx.resolution.x / max(ctx.resolution.y, 1.0);
  vec2 uv = vec2(p.x / aspect, p.y) + 0.5;
  vec2 moved = inputOp2(uv, ctx).xy - 0.5;
  return inputOp1(vec2(moved.x * aspect, moved.y), ctx);
}
