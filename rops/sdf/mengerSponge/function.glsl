// v turned by a radians in its plane.
vec2 THIS_turn(vec2 v, float a) {
  return vec2(cos(a) * v.x - sin(a) * v.y, sin(a) * v.x + cos(a) * v.y);
}

// Klems' one-level sponge: the cube of half size box less the cross of
// square bars of half width cross along the axes (the larger of the two
// offsets across each bar, for the axis the point lies furthest along).
float THIS_crossCut(vec3 p, float cross, float box) {
  vec3 a = abs(p);
  float yz = max(a.y, a.z);
  float xz = max(a.x, a.z);
  float xy = max(a.x, a.y);
  float across = step(yz, a.x) * yz + step(xz, a.y) * xz + step(xy, a.z) * xy;
  return max(cross - across, max(xy, a.z) - box);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_Variant_klems) || defined(THIS_Variant_thearchcoder)
  // RayTK's variants, in units of half the Size: each step turns (Post
  // rotate), mirrors into x >= y, y >= z, applies the variant's step, turns
  // again (Pre rotate) and moves by Step offset.
  float h = max(0.5 * THIS_Size, 1e-6);
  vec3 z = (p - THIS_Translate) / h;
  float s = THIS_Scale;
  float dist = 0.0;
#if defined(THIS_Variant_thearchcoder)
  z *= 0.5;
#endif
#ifdef ROPKIT_SDF_ORBIT_TRAP
  vec4 trap = vec4(abs(z), dot(z, z));
#endif
  THIS_Type previous = THIS_VAR;
  int steps = 0;
  for (int i = 0; i < THIS_Iterations; i++) {
#include "node/stepVariable.glsl"
    vec2 post = radians(THIS_PostRotate);
    vec2 pre = radians(THIS_PreRotate);
    z.xz = THIS_turn(z.xz, post.x);
    z.yz = THIS_turn(z.yz, post.y);
    z = abs(z);
    if (z.y > z.x) z.xy = z.yx;
    if (z.z > z.y) z.yz = z.zy;
#if defined(THIS_Variant_thearchcoder)
    // TheArchCoder: scale, then move the corner or edge cube's centre to
    // the origin.
    z *= s;
    z -= (z.z > 0.5 * (s - 1.0) ? vec3(1.0) : vec3(1.0, 1.0, 0.0)) * (s - 1.0);
#else
    // Klems: cut this level's cube and cross, then repeat every 2 into
    // cells 6 wide for the next level, a third the size.
    dist = max(dist, THIS_crossCut(z, THIS_CrossScale, THIS_BoxScale) * s);
    z = fract((z - 1.0) * 0.5) * 6.0 - 3.0;
    s /= 3.0;
#endif
#ifdef ROPKIT_SDF_ORBIT_TRAP
    trap = min(trap, vec4(abs(z), dot(z, z)));
#endif
    z.xz = THIS_turn(z.xz, pre.x);
    z.yz = THIS_turn(z.yz, pre.y);
    z -= THIS_StepOffset;
    steps++;
  }
  THIS_VAR = previous;
#if defined(THIS_Variant_thearchcoder)
  dist = length(z) * pow(max(s, 1e-4), -float(steps));
#endif
  float d = 0.5 * dist * h;
#include "node/trapReturn.glsl"
#else
  float h = max(0.5 * THIS_Size, 1e-6);
  vec3 q = (p - THIS_Translate) / h;  // the cube is -1..1
  vec3 e = abs(q) - 1.0;
  float d = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
  // Level k bores a cross of square tunnels of half width 3^-k through the
  // middle of every cell of size 2 / 3^(k-1).
  float cell = 2.0;
  for (int i = 0; i < THIS_Iterations; i++) {
    vec3 c = abs(mod(q + 0.5 * cell, cell) - 0.5 * cell);
    float w = cell / 6.0;
    // Distance into the nearest tunnel, measured as the largest of the two
    // offsets across it (at most the true distance).
    float tunnel = min(max(c.y, c.z), min(max(c.x, c.z), max(c.x, c.y))) - w;
    d = max(d, -tunnel);
    cell /= 3.0;
  }
  d *= h;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
