// Hashes and noise for field ROPs. Every noise returns values in [-1, 1]
// (voronoi returns distances). Hashes after Dave Hoskins' "Hash without
// Sine" (MIT); simplex noise after Ian McEwan and Stefan Gustavson's
// webgl-noise (MIT).

float rkHash12(vec2 p) {
  vec3 p3 = fract(vec3(p.xyx) * 0.1031);
  p3 += dot(p3, p3.yzx + 33.33);
  return fract((p3.x + p3.y) * p3.z);
}

float rkHash13(vec3 p3) {
  p3 = fract(p3 * 0.1031);
  p3 += dot(p3, p3.zyx + 31.32);
  return fract((p3.x + p3.y) * p3.z);
}

vec2 rkHash22(vec2 p) {
  vec3 p3 = fract(vec3(p.xyx) * vec3(0.1031, 0.1030, 0.0973));
  p3 += dot(p3, p3.yzx + 33.33);
  return fract((p3.xx + p3.yz) * p3.zy);
}

vec3 rkHash33(vec3 p3) {
  p3 = fract(p3 * vec3(0.1031, 0.1030, 0.0973));
  p3 += dot(p3, p3.yxz + 33.33);
  return fract((p3.xxy + p3.yxx) * p3.zyx);
}

vec4 rkHash44(vec4 p4) {
  p4 = fract(p4 * vec4(0.1031, 0.1030, 0.0973, 0.1099));
  p4 += dot(p4, p4.wzxy + 33.33);
  return fract((p4.xxyz + p4.yzzw) * p4.zywx);
}

// Value noise: random values on the integer lattice, quintic interpolation.
float valueNoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float a = rkHash12(i);
  float b = rkHash12(i + vec2(1.0, 0.0));
  float c = rkHash12(i + vec2(0.0, 1.0));
  float d = rkHash12(i + vec2(1.0, 1.0));
  return mix(mix(a, b, u.x), mix(c, d, u.x), u.y) * 2.0 - 1.0;
}

float valueNoise(vec3 p) {
  vec3 i = floor(p);
  vec3 f = fract(p);
  vec3 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float n000 = rkHash13(i);
  float n100 = rkHash13(i + vec3(1.0, 0.0, 0.0));
  float n010 = rkHash13(i + vec3(0.0, 1.0, 0.0));
  float n110 = rkHash13(i + vec3(1.0, 1.0, 0.0));
  float n001 = rkHash13(i + vec3(0.0, 0.0, 1.0));
  float n101 = rkHash13(i + vec3(1.0, 0.0, 1.0));
  float n011 = rkHash13(i + vec3(0.0, 1.0, 1.0));
  float n111 = rkHash13(i + vec3(1.0, 1.0, 1.0));
  float x00 = mix(n000, n100, u.x);
  float x10 = mix(n010, n110, u.x);
  float x01 = mix(n001, n101, u.x);
  float x11 = mix(n011, n111, u.x);
  return mix(mix(x00, x10, u.y), mix(x01, x11, u.y), u.z) * 2.0 - 1.0;
}

vec2 rkMod289(vec2 x) { return x - floor(x * (1.0 / 289.0)) * 289.0; }
vec3 rkMod289(vec3 x) { return x - floor(x * (1.0 / 289.0)) * 289.0; }
vec4 rkMod289(vec4 x) { return x - floor(x * (1.0 / 289.0)) * 289.0; }
vec3 rkPermute(vec3 x) { return rkMod289(((x * 34.0) + 10.0) * x); }
vec4 rkPermute(vec4 x) { return rkMod289(((x * 34.0) + 10.0) * x); }

float simplexNoise(vec2 v) {
  const vec4 C = vec4(0.211324865405187, 0.366025403784439, -0.577350269189626, 0.024390243902439);
  vec2 i = floor(v + dot(v, C.yy));
  vec2 x0 = v - i + dot(i, C.xx);
  vec2 i1 = (x0.x > x0.y) ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
  vec4 x12 = x0.xyxy + C.xxzz;
  x12 = vec4(x12.xy - i1, x12.zw);
  i = rkMod289(i);
  vec3 p = rkPermute(rkPermute(i.y + vec3(0.0, i1.y, 1.0)) + i.x + vec3(0.0, i1.x, 1.0));
  vec3 m = max(0.5 - vec3(dot(x0, x0), dot(x12.xy, x12.xy), dot(x12.zw, x12.zw)), 0.0);
  m = m * m;
  m = m * m;
  vec3 x = 2.0 * fract(p * C.www) - 1.0;
  vec3 h = abs(x) - 0.5;
  vec3 ox = floor(x + 0.5);
  vec3 a0 = x - ox;
  m *= 1.79284291400159 - 0.85373472095314 * (a0 * a0 + h * h);
  vec3 g = vec3(a0.x * x0.x + h.x * x0.y, a0.yz * x12.xz + h.yz * x12.yw);
  return clamp(130.0 * dot(m, g), -1.0, 1.0);
}

float simplexNoise(vec3 v) {
  const vec2 C = vec2(1.0 / 6.0, 1.0 / 3.0);
  const vec4 D = vec4(0.0, 0.5, 1.0, 2.0);
  vec3 i = floor(v + dot(v, C.yyy));
  vec3 x0 = v - i + dot(i, C.xxx);
  vec3 g = step(x0.yzx, x0.xyz);
  vec3 l = 1.0 - g;
  vec3 i1 = min(g.xyz, l.zxy);
  vec3 i2 = max(g.xyz, l.zxy);
  vec3 x1 = x0 - i1 + C.xxx;
  vec3 x2 = x0 - i2 + C.yyy;
  vec3 x3 = x0 - D.yyy;
  i = rkMod289(i);
  vec4 p = rkPermute(rkPermute(rkPermute(i.z + vec4(0.0, i1.z, i2.z, 1.0)) + i.y +
                               vec4(0.0, i1.y, i2.y, 1.0)) +
                     i.x + vec4(0.0, i1.x, i2.x, 1.0));
  float n_ = 0.142857142857;
  vec3 ns = n_ * D.wyz - D.xzx;
  vec4 j = p - 49.0 * floor(p * ns.z * ns.z);
  vec4 x_ = floor(j * ns.z);
  vec4 y_ = floor(j - 7.0 * x_);
  vec4 x = x_ * ns.x + ns.yyyy;
  vec4 y = y_ * ns.x + ns.yyyy;
  vec4 h = 1.0 - abs(x) - abs(y);
  vec4 b0 = vec4(x.xy, y.xy);
  vec4 b1 = vec4(x.zw, y.zw);
  vec4 s0 = floor(b0) * 2.0 + 1.0;
  vec4 s1 = floor(b1) * 2.0 + 1.0;
  vec4 sh = -step(h, vec4(0.0));
  vec4 a0 = b0.xzyw + s0.xzyw * sh.xxyy;
  vec4 a1 = b1.xzyw + s1.xzyw * sh.zzww;
  vec3 p0 = vec3(a0.xy, h.x);
  vec3 p1 = vec3(a0.zw, h.y);
  vec3 p2 = vec3(a1.xy, h.z);
  vec3 p3 = vec3(a1.zw, h.w);
  vec4 norm = 1.79284291400159 - 0.85373472095314 * vec4(dot(p0, p0), dot(p1, p1), dot(p2, p2), dot(p3, p3));
  p0 *= norm.x;
  p1 *= norm.y;
  p2 *= norm.z;
  p3 *= norm.w;
  vec4 m = max(0.5 - vec4(dot(x0, x0), dot(x1, x1), dot(x2, x2), dot(x3, x3)), 0.0);
  m = m * m;
  return clamp(105.0 * dot(m * m, vec4(dot(p0, x0), dot(p1, x1), dot(p2, x2), dot(p3, x3))), -1.0, 1.0);
}

// Gradient (Perlin) noise on the square lattice: a random unit gradient at
// each lattice point, its dot product with the offset from that point,
// blended across the cell with the quintic fade. 0 at every lattice point;
// scaled by 2 / sqrt(n), the bound of the blend in n dimensions, to stay in
// [-1, 1].
vec2 rkGradient2(vec2 cell) {
  return normalize(rkHash22(cell) * 2.0 - 1.0 + vec2(1e-6, 0.0));
}
vec3 rkGradient3(vec3 cell) {
  return normalize(rkHash33(cell) * 2.0 - 1.0 + vec3(1e-6, 0.0, 0.0));
}
vec4 rkGradient4(vec4 cell) {
  return normalize(rkHash44(cell) * 2.0 - 1.0 + vec4(1e-6, 0.0, 0.0, 0.0));
}

float perlinNoise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float v = 0.0;
  for (int k = 0; k < 4; k++) {
    vec2 c = vec2(float(k & 1), float((k >> 1) & 1));
    vec2 w = mix(1.0 - u, u, c);
    v += w.x * w.y * dot(rkGradient2(i + c), f - c);
  }
  return clamp(v * 1.41421356, -1.0, 1.0);
}

float perlinNoise(vec3 p) {
  vec3 i = floor(p);
  vec3 f = fract(p);
  vec3 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float v = 0.0;
  for (int k = 0; k < 8; k++) {
    vec3 c = vec3(float(k & 1), float((k >> 1) & 1), float((k >> 2) & 1));
    vec3 w = mix(1.0 - u, u, c);
    v += w.x * w.y * w.z * dot(rkGradient3(i + c), f - c);
  }
  return clamp(v * 1.15470054, -1.0, 1.0);
}

float perlinNoise(vec4 p) {
  vec4 i = floor(p);
  vec4 f = fract(p);
  vec4 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float v = 0.0;
  for (int k = 0; k < 16; k++) {
    vec4 c = vec4(float(k & 1), float((k >> 1) & 1), float((k >> 2) & 1), float((k >> 3) & 1));
    vec4 w = mix(1.0 - u, u, c);
    v += w.x * w.y * w.z * w.w * dot(rkGradient4(i + c), f - c);
  }
  return clamp(v, -1.0, 1.0);
}

// Simplex noise in 4D: the point's simplex of the skewed lattice, found by
// ranking its offset's components; each of the five corners adds
// (0.6 - r^2)^4 times its random gradient's dot product with the offset.
float simplexNoise(vec4 v) {
  const float F4 = 0.309016994374947;  // (sqrt(5) - 1) / 4
  const float G4 = 0.138196601125011;  // (5 - sqrt(5)) / 20
  vec4 i = floor(v + dot(v, vec4(F4)));
  vec4 x0 = v - i + dot(i, vec4(G4));
  // rank[a]: how many other components x0[a] exceeds (ties to the first).
  vec4 rank = vec4(0.0);
  for (int a = 0; a < 4; a++) {
    for (int b = a + 1; b < 4; b++) {
      if (x0[a] >= x0[b]) {
        rank[a] += 1.0;
      } else {
        rank[b] += 1.0;
      }
    }
  }
  float n = 0.0;
  for (int k = 0; k < 5; k++) {
    // Corner k steps along the k largest components.
    vec4 o = step(vec4(4.0 - float(k)), rank);
    vec4 x = x0 - o + float(k) * G4;
    float t = max(0.6 - dot(x, x), 0.0);
    t *= t;
    n += t * t * dot(rkGradient4(i + o), x);
  }
  return clamp(45.0 * n, -1.0, 1.0);
}

// Cellular noise: x nearest feature distance, y second nearest, z a random
// value of the nearest cell in [0, 1), w 0. Jitter 0 gives a regular grid.
// `shift` is added to the cells before they are hashed: another set of
// random feature points (a seed) on the same grid.
vec4 voronoiNoise(vec2 p, float jitter, vec2 shift) {
  vec2 n = floor(p);
  vec2 f = fract(p);
  float d1 = 8.0;
  float d2 = 8.0;
  float id = 0.0;
  for (int j = -1; j <= 1; j++) {
    for (int i = -1; i <= 1; i++) {
      vec2 g = vec2(float(i), float(j));
      vec2 o = rkHash22(n + g + shift) * jitter + 0.5 * (1.0 - jitter);
      float d = length(g + o - f);
      if (d < d1) {
        d2 = d1;
        d1 = d;
        id = rkHash12(n + g + shift + 17.0);
      } else if (d < d2) {
        d2 = d;
      }
    }
  }
  return vec4(d1, d2, id, 0.0);
}

vec4 voronoiNoise(vec2 p, float jitter) {
  return voronoiNoise(p, jitter, vec2(0.0));
}

vec4 voronoiNoise(vec3 p, float jitter, vec3 shift) {
  vec3 n = floor(p);
  vec3 f = fract(p);
  float d1 = 8.0;
  float d2 = 8.0;
  float id = 0.0;
  for (int k = -1; k <= 1; k++) {
    for (int j = -1; j <= 1; j++) {
      for (int i = -1; i <= 1; i++) {
        vec3 g = vec3(float(i), float(j), float(k));
        vec3 o = rkHash33(n + g + shift) * jitter + 0.5 * (1.0 - jitter);
        float d = length(g + o - f);
        if (d < d1) {
          d2 = d1;
          d1 = d;
          id = rkHash13(n + g + shift + 17.0);
        } else if (d < d2) {
          d2 = d;
        }
      }
    }
  }
  return vec4(d1, d2, id, 0.0);
}

vec4 voronoiNoise(vec3 p, float jitter) {
  return voronoiNoise(p, jitter, vec3(0.0));
}
