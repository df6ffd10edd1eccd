// Evaluates the scene for the mesher (src/mesh/grid.rs) and for `sample`
// (src/sample.rs). Each pixel, row by row (rk_resolution.x wide), is one
// item; the read-only buffer says what to do:
//   rk_meshIn[0] = (operation, item count, step, cells per block or epsilon)
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
//   4 edge:     the zero crossing on the grid edge from grid point
//               rk_meshIn[2 + 2i].xyz along axis rk_meshIn[2 + 2i].w (one step
//               long), whose end values are rk_meshIn[3 + 2i].xy: found by
//               false position (Illinois), then the gradient there by
//               tetrahedral differences of epsilon rk_meshIn[0].w; returns
//               (t along the edge, gradient xyz)
// The scene is called in one place only, in a loop, so that the driver
// compiles it once. Floats leave as their bits in an unsigned-integer target.
// A scene that is not a 3D SDF (sampling only) gets operation 1 alone.
layout(location = 0) out uvec4 rk_meshOut;

#if defined(ROPKIT_SAMPLE_COORD_vec3) && defined(ROPKIT_SAMPLE_RETURN_Sdf)
// Refinement steps of the edge operation.
#define ROPKIT_EDGE_STEPS 6

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
  // Edge state: the bracket [a, b] with its values, the side last kept
  // (Illinois halves the other end's value when one side repeats).
  vec3 edgeStart = vec3(0.0);
  vec3 axis = vec3(0.0);
  float a = 0.0;
  float b = 1.0;
  float fa = 0.0;
  float fb = 0.0;
  float t = 0.5;
  int lastSide = 0;
  bool stopped = false;
  float best = 0.5;
  float bestF = 1e30;
  int count = 1;
  if (op == 0 || op == 2) {
    count = 4;
  }
  if (op == 1 || op == 2) {
    point = rk_meshIn[2 + item].xyz;
  } else if (op == 3) {
    point = rk_meshIn[2 + 2 * item].xyz;
    normal = rk_meshIn[3 + 2 * item].xyz;
  } else if (op == 4) {
    vec4 e = rk_meshIn[2 + 2 * item];
    int d = int(e.w);
    axis = vec3(d == 0 ? 1.0 : 0.0, d == 1 ? 1.0 : 0.0, d == 2 ? 1.0 : 0.0);
    edgeStart = e.xyz;
    fa = rk_meshIn[3 + 2 * item].x;
    fb = rk_meshIn[3 + 2 * item].y;
    float lin = fa / (fa - fb);
    t = (lin >= 0.0 && lin <= 1.0) ? lin : 0.5;
    best = t;
    count = ROPKIT_EDGE_STEPS + 4;
  }
  float eps = head.w;
  for (int k = 0; k < count; k++) {
    vec3 p = point;
    int g = k;
    if (op == 0) {
      int s = item * 4 + k;
      int blk = s / perBlock;
      if (blk >= blocks) break;
      int l = s - blk * perBlock;
      vec3 local = vec3(float(l % n), float((l / n) % n), float(l / (n * n))) - 1.0;
      p = origin + (rk_meshIn[2 + blk].xyz * float(cells) + local) * step;
    } else if (op == 4) {
      g = k - ROPKIT_EDGE_STEPS;
      p = origin + (edgeStart + axis * (g < 0 ? t : best)) * step;
    }
    if (op == 2 || (op == 4 && g >= 0)) {
      // Tetrahedral differences: four evaluations give the gradient.
      vec3 o = vec3(g == 0 || g == 3 ? 1.0 : -1.0, g >= 2 ? 1.0 : -1.0, g == 1 || g == 3 ? 1.0 : -1.0);
      p += o * (op == 2 ? step : eps);
    }
    Sdf r = ROPKIT_SAMPLE_FN(p, ropkitContextAt(p));
    if (op == 4 && g < 0) {
      // False position on the bracket, keeping the point of smallest value;
      // an exact zero or a NaN ends the search.
      float f = r.x;
      stopped = stopped || isnan(f);
      if (stopped) {
        continue;
      }
      if (abs(f) < bestF) {
        bestF = abs(f);
        best = t;
      }
      if (f == 0.0) {
        stopped = true;
        continue;
      }
      if ((f < 0.0) == (fa < 0.0)) {
        a = t;
        fa = f;
        if (lastSide < 0) fb *= 0.5;
        lastSide = -1;
      } else {
        b = t;
        fb = f;
        if (lastSide > 0) fa *= 0.5;
        lastSide = 1;
      }
      float next = fb != fa ? (a * fb - b * fa) / (fb - fa) : 0.5 * (a + b);
      t = (next >= a && next <= b) ? next : 0.5 * (a + b);
      continue;
    }
    values[g] = r.x;
    if (k == 0) first = r;
  }
  if (op == 1) {
    values = vec4(first.x, float(first.material), float(first.material2), first.blend);
  } else if (op == 4) {
    vec3 grad = (vec3(1.0, -1.0, -1.0) * values.x + vec3(-1.0, -1.0, 1.0) * values.y
      + vec3(-1.0, 1.0, -1.0) * values.z + vec3(1.0, 1.0, 1.0) * values.w) / (4.0 * eps);
    values = vec4(best, grad);
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

#else
// Any other scene: operation 1 only, as templates/sample.glsl evaluates it.
void main() {
  initAll();
  int item = int(gl_FragCoord.y) * int(rk_resolution.x) + int(gl_FragCoord.x);
  if (item >= int(rk_meshIn[0].y)) {
    rk_meshOut = uvec4(0u);
    return;
  }
  rk_meshOut = floatBitsToUint(ropkitSampleAt(rk_meshIn[2 + item]));
}
#endif
