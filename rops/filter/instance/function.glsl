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

// Rings of cells the shadow and occlusion search looks at around the cell.
#define THIS_RINGS 2

// The distance to the faces of the block of cells from bl to bh (whole
// cells) that lie inside the grid, from a point qc in the block: a face on
// the grid's own side has nothing beyond it.
float THIS_blockFaces(vec3 qc, ivec3 bl, ivec3 bh) {
  vec3 lo = THIS_Points_grid_lo;
  float cell = THIS_Points_grid_cell;
  ivec3 dims = THIS_Points_grid_dims;
  vec3 a = qc - (lo + vec3(bl) * cell);
  vec3 b = lo + vec3(bh + 1) * cell - qc;
  // Per component, without a dynamic index (some engines' languages lack it).
  float d = 1e10;
  if (bl.x > 0) d = min(d, a.x);
  if (bl.y > 0) d = min(d, a.y);
  if (bl.z > 0) d = min(d, a.z);
  if (bh.x < dims.x - 1) d = min(d, b.x);
  if (bh.y < dims.y - 1) d = min(d, b.y);
  if (bh.z < dims.z - 1) d = min(d, b.z);
  return max(d, 0.0);
}

#if defined(ROPKIT_STAGES)
// Shadow and occlusion rays read distances away from surfaces, where the
// one-cell bound (exact only within the margin, and small near every cell
// face) would print the grid's cells and its box into soft shadows and
// occlusion. For them the search widens ring by ring around the point's
// cell until the nearest copy found is nearer than any copy no cell of the
// block lists (those keep more than the margin away from the block, whose
// faces on the grid's sides have nothing beyond them), for at most
// THIS_RINGS rings; the result is exact there, a bound two cells wide
// beyond. A point outside the grid's box is projected onto it: for y in
// the box, |q - y|^2 >= |q - qc|^2 + |qc - y|^2.
ReturnT THIS_wide(vec3 q, ContextT ctx) {
  vec3 lo = THIS_Points_grid_lo;
  vec3 hi = THIS_Points_grid_hi;
  float cell = THIS_Points_grid_cell;
  float margin = THIS_Points_grid_margin;
  ivec3 dims = THIS_Points_grid_dims;
  vec3 qc = clamp(q, lo, hi);
  float o = length(q - qc);
  ivec3 c = clamp(ivec3(floor((qc - lo) / cell)), ivec3(0), dims - 1);
  ReturnT res = THIS_far(1e10);
  float bound = 0.0;
  for (int r = 0; r <= THIS_RINGS; r++) {
    for (int z = -r; z <= r; z++) {
      for (int y = -r; y <= r; y++) {
        for (int x = -r; x <= r; x++) {
          // Only the ring's shell: the cells inside were looked at before.
          if (max(abs(x), max(abs(y), abs(z))) != r) continue;
          ivec3 k = c + ivec3(x, y, z);
          if (any(lessThan(k, ivec3(0))) || any(greaterThanEqual(k, dims))) continue;
          vec2 range = THIS_Points_grid_range(k.x + dims.x * (k.y + dims.y * k.z));
          int start = int(range.x);
          int n = int(range.y);
          for (int j = 0; j < n; j++) {
            THIS_add(res, q, THIS_Points_grid_entry(start + j), ctx);
          }
        }
      }
    }
    ivec3 bl = max(c - r, ivec3(0));
    ivec3 bh = min(c + r, dims - 1);
    float b = THIS_blockFaces(qc, bl, bh) + margin;
    bound = o > 0.0 ? max(o + margin, sqrt(o * o + b * b)) : b;
    if (xfDist(res) <= bound) return res;
  }
  return THIS_far(bound);
}
#endif

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
#if defined(ROPKIT_STAGES)
  if (ropkitStage == ROPKIT_STAGE_SHADOW || ropkitStage == ROPKIT_STAGE_OCCLUSION) {
    return THIS_wide(q, ctx);
  }
#endif
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
