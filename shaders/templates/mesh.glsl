// Evaluates the scene for the mesher (src/mesh/grid.rs). Each pixel, row by
// row (rk_resolution.x wide), is one item; the read-only buffer says what to do:
//   rk_meshIn[0] = (operation, item count, step, cells per block)
//   rk_meshIn[1] = (grid origin xyz, block count)
//   rk_meshIn[2...] = the blocks or points
// Operations:
//   0 grid:     four consecutive samples of the listed blocks, each block
//               (cells + 3)^3 samples from grid point -1 to cells + 1 of the
//               block (one beyond it on each side, so that the cells next to
//               the block can be looked at), x fastest; block entries hold
//               the block's integer coordinates
//   1 sample:   (distance, material, material2, blend) at point i
//   2 gradient: distances at the four tetrahedral offsets (step) around point i
//   3 colour:   (base colour rgb, distance) at point rk_meshIn[2 + 2i] with the
//               outward normal rk_meshIn[3 + 2i]
// The scene is called in one place only, in a loop, so that the driver
// compiles it once. Floats leave as their bits in an unsigned-integer target.
layout(location = 0) out uvec4 rk_meshOut;

void main() {
  initAll();
  int item = int(gl_FragCoord.y) * int(rk_resolution.x) + int(gl_FragCoord.x);
  vec4 head = rk_meshIn[0];
  int op = int(head.x);
  if (item >= int(head.y)) {
    rk_meshOut = uvec4(0u);
    return;
  }
  float step = head.z;
  int cells = int(head.w);
  int n = cells + 3;
  int perBlock = n * n * n;
  int blocks = int(rk_meshIn[1].w);
  vec3 origin = rk_meshIn[1].xyz;
  vec4 values = vec4(0.0);
  Sdf first = createSdf(0.0);
  vec3 point = vec3(0.0);
  vec3 normal = vec3(0.0, 1.0, 0.0);
  if (op == 1 || op == 2) {
    point = rk_meshIn[2 + item].xyz;
  } else if (op == 3) {
    point = rk_meshIn[2 + 2 * item].xyz;
    normal = rk_meshIn[3 + 2 * item].xyz;
  }
  for (int k = 0; k < 4; k++) {
    vec3 p = point;
    if (op == 0) {
      int s = item * 4 + k;
      int b = s / perBlock;
      if (b >= blocks) break;
      int l = s - b * perBlock;
      vec3 local = vec3(float(l % n), float((l / n) % n), float(l / (n * n))) - 1.0;
      p = origin + (rk_meshIn[2 + b].xyz * float(cells) + local) * step;
    } else if (op == 2) {
      // Tetrahedral differences: four evaluations give the gradient.
      vec3 t = vec3(k == 0 || k == 3 ? 1.0 : -1.0, k >= 2 ? 1.0 : -1.0, k == 1 || k == 3 ? 1.0 : -1.0);
      p = point + t * step;
    } else if (k > 0) {
      break;
    }
    Sdf r = ROPKIT_SAMPLE_FN(p, ropkitContextAt(p));
    values[k] = r.x;
    if (k == 0) first = r;
  }
  if (op == 1) {
    values = vec4(first.x, float(first.material), float(first.material2), first.blend);
  } else if (op == 3) {
    // The material switch under one white ambient light, with a tiny ambient
    // level so that emissive materials (which only add on the first light)
    // show too: lit materials then return their albedo, unlit ones their colour.
    MaterialContext matCtx = ropkitDefaultMaterialContext();
    matCtx.result = first;
    matCtx.normal = normal;
    // Seen head-on, but a hair short of exactly: a view term of 1 + rounding
    // makes pow(1 - n.v, 5) in the PBR helper NaN.
    matCtx.ray = Ray(point + normal, -0.999 * normal);
    matCtx.light = Light(point + normal, vec3(1.0), false, true);
    matCtx.shadow = 1.0;
    matCtx.ao = 1.0;
    matCtx.ambient = 1e-6;
#ifdef ROPKIT_SDF_ITERATION
    matCtx.iteration = first.iteration;
#endif
    values = vec4(ropkitMaterial(point, matCtx), first.x);
  }
  rk_meshOut = floatBitsToUint(values);
}
