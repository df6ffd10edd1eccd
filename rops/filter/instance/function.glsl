// Copies of the input at the points of a list. Copy i is the input scaled
// by the point's scale, turned by its rotation (degrees about x, then y,
// then z) and moved to its position; evaluating it undoes the three in
// reverse and scales the distance back.
//
// With Acceleration = grid, only the copies listed in the grid cell of the
// query point are evaluated (the grid is built with the shader, see
// src/data/grid.rs), and the result is
//   min(those copies, distance to the cell's boundary + margin).
// That never exceeds the distance to the union of all copies: a copy the
// cell does not list lies in a bounding sphere (BoundRadius times its
// scale) that stays more than the margin away from the cell, so it is
// farther than the cell's boundary plus the margin. Where the union is
// nearer than the margin the nearest copy is listed and the value is exact,
// so surfaces and normals are untouched. Outside the grid's box the
// distance to the box plus the margin is a bound the same way. In a cell
// that lists nothing, no copy is nearer than the cell's clearance (the
// distance to the nearest cell that lists something, which holds every
// copy), so the larger of the two is a bound too.

// The instance's colour as one float: 8 bits a channel, an integer below
// 2^24, so a float holds it exactly (instanceField unpacks it).
float THIS_packColor(vec3 c) {
  vec3 b = floor(clamp(c, 0.0, 1.0) * 255.0 + 0.5);
  return b.r * 65536.0 + b.g * 256.0 + b.b;
}

// Joins copy i into res.
void THIS_add(inout ReturnT res, vec3 q, int i, ContextT ctx) {
  float s = max(THIS_Points_scale(i), 1e-4);
  vec3 rot = THIS_Points_rotate(i);
#if defined(THIS_COORD_TYPE_vec3)
  vec3 local = q - THIS_Points(i);
  if (any(notEqual(rot, vec3(0.0)))) local = local * xfEuler(rot);
#else
  vec2 local = xfRotate(q.xy - THIS_Points(i).xy, -radians(rot.z));
#endif
  // Index, count, colour and scale: the variable for everything upstream,
  // and the iteration a material records with the hit.
  vec4 inst = vec4(float(i), float(THIS_Points_count), THIS_packColor(THIS_Points_color(i)), s);
#if defined(THIS_CONTEXT_TYPE_Context)
  ctx.iteration = inst;
#endif
  vec4 previous = THIS_VAR;
  THIS_VAR = inst;
  ReturnT r = inputOp1(local / s, ctx);
  THIS_VAR = previous;
  xfSetDist(r, xfDist(r) * s);
  if (xfDist(r) < xfDist(res)) res = r;
}

// A value that stands for "no copy nearer than d".
ReturnT THIS_far(float d) {
#if defined(THIS_RETURN_TYPE_Sdf)
  return createSdf(d);
#else
  return d;
#endif
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec3 q = p;
#else
  vec3 q = vec3(p, 0.0);
#endif
#if defined(THIS_Acceleration_loop)
  // Every copy at every call: the reference the grid is measured against.
  ReturnT res = THIS_far(1e10);
  for (int i = 0; i < THIS_Points_count; i++) {
    THIS_add(res, q, i, ctx);
  }
  return res;
#else
  vec3 lo = THIS_Points_grid_lo;
  vec3 hi = THIS_Points_grid_hi;
  float cell = THIS_Points_grid_cell;
  vec3 outside = max(max(lo - q, q - hi), vec3(0.0));
  if (max(outside.x, max(outside.y, outside.z)) > 0.0) {
    return THIS_far(length(outside) + THIS_Points_grid_margin);
  }
  ivec3 dims = THIS_Points_grid_dims;
  ivec3 c = clamp(ivec3(floor((q - lo) / cell)), ivec3(0), dims - 1);
  vec3 a = lo + vec3(c) * cell;
  vec3 toFace = min(q - a, a + cell - q);
  ReturnT res = THIS_far(max(min(toFace.x, min(toFace.y, toFace.z)), 0.0) + THIS_Points_grid_margin);
  vec2 range = THIS_Points_grid_range(c.x + dims.x * (c.y + dims.y * c.z));
  int start = int(range.x);
  int n = int(range.y);
  // A cell that lists nothing holds its clearance instead of a start: no
  // copy is nearer than that from anywhere in it (src/data/grid.rs).
  if (n == 0) res = THIS_far(max(xfDist(res), range.x));
  for (int j = 0; j < n; j++) {
    THIS_add(res, q, THIS_Points_grid_entry(start + j), ctx);
  }
  return res;
#endif
}
