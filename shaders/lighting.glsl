// Shading helpers for material ROPs. The renderer calls a material once per
// light and sums the results; only the first call has a non-zero
// matCtx.ambient, so ambient and emitted light are added on that call only.

// Blinn-Phong: Lambert diffuse plus a normalised specular lobe.
vec3 ropkitBlinnPhong(vec3 p, MaterialContext m, vec3 albedo, vec3 specColor, float shininess) {
  vec3 col = albedo * m.ambient * m.ao;
  if (m.light.absent) return col;
  if (m.light.ambient) return col + albedo * m.light.color * m.ao;
  vec3 l = normalize(m.light.pos - p);
  vec3 h = normalize(l - m.ray.dir);
  float ndl = max(dot(m.normal, l), 0.0);
  float spec = ndl > 0.0 ? pow(max(dot(m.normal, h), 0.0), shininess) : 0.0;
  return col + (albedo * ndl + specColor * spec) * m.light.color * m.shadow;
}

// Oren-Nayar's factor over Lambert for normal n, eye v and light l, with
// the facets' slope spread `roughness` (radians; 0 is Lambert's 1).
float ropkitOrenNayar(vec3 n, vec3 v, vec3 l, float roughness) {
  float s2 = roughness * roughness;
  float fa = 1.0 - 0.5 * s2 / (s2 + 0.33);
  float fb = 0.45 * s2 / (s2 + 0.09);
  float ndl = clamp(dot(n, l), 0.0, 1.0);
  float ndv = clamp(dot(n, v), 0.0, 1.0);
  float ti = acos(ndl);
  float tr = acos(ndv);
  // The azimuths of l and v about n, compared through their projections.
  vec3 lp = l - n * dot(n, l);
  vec3 vp = v - n * dot(n, v);
  float lpl = length(lp);
  float vpl = length(vp);
  float cphi = (lpl > 1e-6 && vpl > 1e-6) ? dot(lp, vp) / (lpl * vpl) : 0.0;
  float big = max(ti, tr);
  float small = min(ti, tr);
  return fa + fb * max(cphi, 0.0) * sin(big) * tan(small);
}

// Schlick's Fresnel.
vec3 ropkitFresnel(float cosTheta, vec3 f0) {
  return f0 + (1.0 - f0) * pow(clamp(1.0 - cosTheta, 0.0, 1.0), 5.0);
}

// Metallic-roughness shading: GGX distribution, Smith-Schlick geometry,
// Schlick Fresnel, Lambert diffuse. Light colours are taken as irradiance
// times pi, so a white Lambert surface under a white light matches ropkitDiffuse.
vec3 ropkitPbr(vec3 p, MaterialContext m, vec3 base, float roughness, float metallic) {
  vec3 n = m.normal;
  vec3 v = -m.ray.dir;
  float r = clamp(roughness, 0.03, 1.0);
  float mt = clamp(metallic, 0.0, 1.0);
  vec3 f0 = mix(vec3(0.04), base, mt);
  float ndv = max(dot(n, v), 1e-4);
  // Ambient: diffuse plus a rough-aware Fresnel share of the environment.
  // ndv may round to just over 1: a negative base would make pow NaN.
  vec3 fa = f0 + (max(vec3(1.0 - r), f0) - f0) * pow(max(1.0 - ndv, 0.0), 5.0);
  vec3 env = base * (1.0 - mt) * (1.0 - fa) + fa;
  vec3 col = env * m.ambient * m.ao;
  if (m.light.absent) return col;
  if (m.light.ambient) return col + env * m.light.color * m.ao;
  vec3 l = normalize(m.light.pos - p);
  vec3 h = normalize(l + v);
  float ndl = max(dot(n, l), 0.0);
  if (ndl <= 0.0) return col;
  float ndh = max(dot(n, h), 0.0);
  float a = r * r;
  float a2 = a * a;
  float den = ndh * ndh * (a2 - 1.0) + 1.0;
  float dist = a2 / (PI * den * den);
  float k = (r + 1.0) * (r + 1.0) / 8.0;
  float g = (ndl / (ndl * (1.0 - k) + k)) * (ndv / (ndv * (1.0 - k) + k));
  vec3 f = ropkitFresnel(max(dot(h, v), 0.0), f0);
  vec3 spec = dist * g * f / (4.0 * ndl * ndv + 1e-4);
  vec3 kd = (1.0 - f) * (1.0 - mt);
  return col + (kd * base + spec * PI) * ndl * m.light.color * m.shadow;
}

// A colour that is emitted rather than lit: added once, on the first light's
// call (the one that carries the ambient level), darkened by occlusion.
vec3 ropkitEmit(MaterialContext m, vec3 color) {
  return m.ambient > 0.0 ? color * m.ao : vec3(0.0);
}

// The surface normal in view space (x right, y up, z towards the viewer).
vec3 ropkitViewNormal(MaterialContext m) {
  vec3 fw = normalize(m.ray.dir);
  vec3 up = abs(fw.y) > 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
  vec3 rt = normalize(cross(fw, up));
  vec3 cu = cross(rt, fw);
  return vec3(dot(m.normal, rt), dot(m.normal, cu), -dot(m.normal, fw));
}

// sRGB-encoded texture values to linear.
vec3 ropkitToLinear(vec3 c) {
  return pow(max(c, vec3(0.0)), vec3(2.2));
}
#ifdef ROPKIT_IBL
// Image-based lighting helpers (pbrMaterial's environment input): the
// directions a lobe is sampled along, and how much of the sphere each
// sample stands for (ropkitEnvFootprint), for filtered importance sampling.

// Point i of n on the unit square: y stratified (the first point at 0, the
// centre of a lobe), x turning by the golden ratio.
vec2 ropkitIblPoint(int i, int n) {
  return vec2(fract(float(i) * 0.6180339887), float(i) / float(n));
}

// An orthonormal frame whose third column is the unit vector n.
mat3 ropkitIblFrame(vec3 n) {
  vec3 up = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 t = normalize(cross(up, n));
  return mat3(t, cross(n, t), n);
}

// A GGX half vector (alpha squared a2) in the frame's coordinates, from a
// point of the unit square: cos^2 theta = (1 - y) / (1 + (a2 - 1) y).
vec3 ropkitGgxHalf(vec2 xi, float a2) {
  float c2 = (1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y);
  float s = sqrt(max(1.0 - c2, 0.0));
  float phi = TAU * xi.x;
  return vec3(s * cos(phi), s * sin(phi), sqrt(max(c2, 0.0)));
}

// A cosine-weighted direction about +z from a point of the unit square.
vec3 ropkitCosineDir(vec2 xi) {
  float r = sqrt(xi.y);
  float phi = TAU * xi.x;
  return vec3(r * cos(phi), r * sin(phi), sqrt(max(1.0 - xi.y, 0.0)));
}

// Smith's masking for GGX along one direction (cosine c to the normal).
float ropkitSmithG1(float c, float a2) {
  return 2.0 * c / (c + sqrt(a2 + (1.0 - a2) * c * c));
}

// A GGX half vector (alpha a) drawn from the normals visible from the
// direction vt (both in the frame's coordinates, vt.z > 0), from a point of
// the unit square (Dupuy and Benyoub's spherical caps, 2023). Its pdf is
// G1(v) D(h) max(v.h, 0) / (n.v), and the reflection l of v about it has
// pdf G1(v) D(h) / (4 n.v): no draw is spent on microfacets that v cannot
// see, so few are wasted near grazing, and GGX's estimator weight for
// f cos / pdf is G1(l) F alone.
vec3 ropkitGgxVisibleHalf(vec3 vt, float a, vec2 xi) {
  vec3 wi = normalize(vec3(vt.xy * a, vt.z));
  float phi = TAU * xi.x;
  float z = (1.0 - xi.y) * (1.0 + wi.z) - wi.z;
  float s = sqrt(clamp(1.0 - z * z, 0.0, 1.0));
  vec3 h = vec3(s * cos(phi), s * sin(phi), z) + wi;
  return normalize(vec3(h.xy * a, max(h.z, 0.0)));
}

// Two offsets (xy, zw) in the unit square, hashed from a point (the bits of
// its coordinates through Jarzynski and Olano's pcg3d): a material adds one
// to each of its sample points (modulo 1) so that every pixel sees the same
// well-spread set, shifted its own way. The error of a few samples then
// falls as fine noise that does not follow the surface, instead of the same
// pattern (ghosts of bright spots, seams where a frame turns) in every pixel.
uvec3 ropkitPcg3(uvec3 v) {
  v = v * 1664525u + 1013904223u;
  v.x += v.y * v.z;
  v.y += v.z * v.x;
  v.z += v.x * v.y;
  v ^= v >> 16u;
  v.x += v.y * v.z;
  v.y += v.z * v.x;
  v.z += v.x * v.y;
  return v;
}

vec4 ropkitIblShift(vec3 p) {
  // The point snapped to a 1/1024 grid first: the same surface point
  // marched by another compiler (an export) lands a few ulps away, and
  // must get the same offsets, or the exported picture's noise differs.
  uvec3 h = ropkitPcg3(uvec3(ivec3(floor(p * 1024.0)) + 1048576));
  uvec3 g = ropkitPcg3(h);
  return vec4(uvec4(h.xy, g.xy) >> 8u) / 16777216.0;
}
#endif
