// Noises built on noise.glsl's hashes for the terrain, wavelet and cell-tile
// fields: value noise with its derivatives (for erosion-like terrain),
// sparse sums of wavelets (band-limited noise) and a tileable cellular
// noise. List `noise` before `noisefx`.
// Its names start with rkx, apart from every other library's.

// 2D value noise in -1..1 with its gradient: (value, d/dx, d/dy).
vec3 rkxValueNoiseD(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  // Quintic fade and its derivative.
  vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  vec2 du = 30.0 * f * f * (f * (f - 2.0) + 1.0);
  float a = rkHash12(i);
  float b = rkHash12(i + vec2(1.0, 0.0));
  float c = rkHash12(i + vec2(0.0, 1.0));
  float d = rkHash12(i + vec2(1.0, 1.0));
  float k1 = b - a;
  float k2 = c - a;
  float k3 = a - b - c + d;
  float v = a + k1 * u.x + k2 * u.y + k3 * u.x * u.y;
  vec2 g = du * vec2(k1 + k3 * u.y, k2 + k3 * u.x);
  return vec3(2.0 * v - 1.0, 2.0 * g);
}

// Erosion-like fractal terrain: octaves of value noise, each one damped by
// the slope the octaves before it built (1 + erosion |gradient|^2), so
// steep slopes stay smooth while flat ground gathers detail. In about
// -1..1 (normalised by the sum of the octaves' weights). `detail` fades
// octaves out: octave i counts clamp(detail - i, 0, 1) of its weight.
float rkxTerrain(vec2 p, int octaves, float lacunarity, float gain, float erosion, float detail) {
  const mat2 rot = mat2(0.8, 0.6, -0.6, 0.8);
  float sum = 0.0;
  float amp = 1.0;
  float norm = 0.0;
  float freq = 1.0;
  vec2 slope = vec2(0.0);
  mat2 back = mat2(1.0);  // turns this octave's gradient back into p's frame
  for (int i = 0; i < 16; i++) {
    if (i >= octaves) break;
    vec3 n = rkxValueNoiseD(p);
    float w = clamp(detail - float(i), 0.0, 1.0);
    sum += w * (amp * n.x / (1.0 + erosion * dot(slope, slope)));
    slope += w * (amp * freq * (back * n.yz));
    norm += w * amp;
    amp *= gain;
    freq *= lacunarity;
    p = rot * p * lacunarity + vec2(1.7, 9.2);
    back = back * transpose(rot);
  }
  return sum / max(norm, 1e-6);
}

float rkxTerrain(vec2 p, int octaves, float lacunarity, float gain, float erosion) {
  return rkxTerrain(p, octaves, lacunarity, gain, erosion, 16.0);
}

// Sparse wavelet noise: every lattice cell holds one wavelet, a cosine wave
// at frequency `freq` in a random direction and phase under a smooth bump
// that fades to 0 at distance 1 from a random point of the cell. Summing the
// wavelets of the neighbouring cells gives band-limited noise (no detail far
// from `freq`), in about -1..1. `shift` is added to every wavelet's phase
// (radians: the ripples travel as it grows); `vortex` turns each wavelet's
// direction by shift times a random factor of its cell in -1..1 (0: none).
float rkxWavelet2(vec2 p, float freq, float shift, float vortex) {
  vec2 i = floor(p);
  float sum = 0.0;
  for (int y = -1; y <= 1; y++) {
    for (int x = -1; x <= 1; x++) {
      vec2 cell = i + vec2(float(x), float(y));
      vec2 h = rkHash22(cell);
      vec2 r = p - cell - h;
      float a = TAU * rkHash12(cell + 17.31) + vortex * shift * (2.0 * rkHash12(cell + 63.1) - 1.0);
      float phase = TAU * rkHash12(cell + 41.7) + shift;
      float bump = max(1.0 - dot(r, r), 0.0);
      sum += bump * bump * cos(TAU * freq * dot(r, vec2(cos(a), sin(a))) + phase);
    }
  }
  return clamp(sum * 0.75, -1.0, 1.0);
}

float rkxWavelet2(vec2 p, float freq) {
  return rkxWavelet2(p, freq, 0.0, 0.0);
}

float rkxWavelet3(vec3 p, float freq, float shift, float vortex) {
  vec3 i = floor(p);
  float sum = 0.0;
  for (int z = -1; z <= 1; z++) {
    for (int y = -1; y <= 1; y++) {
      for (int x = -1; x <= 1; x++) {
        vec3 cell = i + vec3(float(x), float(y), float(z));
        vec3 h = rkHash33(cell);
        vec3 r = p - cell - h;
        vec3 dir = normalize(rkHash33(cell + 17.31) - 0.5 + 1e-4);
        if (vortex != 0.0) {
          // Turned about a random axis of the cell (Rodrigues' rotation).
          vec3 ax = normalize(h - 0.5 + 1e-4);
          float t = vortex * shift * (2.0 * rkHash13(cell + 63.1) - 1.0);
          dir = dir * cos(t) + cross(ax, dir) * sin(t) + ax * dot(ax, dir) * (1.0 - cos(t));
        }
        float phase = TAU * rkHash13(cell + 41.7) + shift;
        float bump = max(1.0 - dot(r, r), 0.0);
        sum += bump * bump * cos(TAU * freq * dot(r, dir) + phase);
      }
    }
  }
  return clamp(sum * 0.6, -1.0, 1.0);
}

float rkxWavelet3(vec3 p, float freq) {
  return rkxWavelet3(p, freq, 0.0, 0.0);
}

// Cell-tile noise: `count` fixed points scattered in the unit cell, repeated
// with period 1; the distance to the nearest copy of any of them, scaled
// into 0..1 (1 at a point, falling towards the cells' borders). It tiles
// seamlessly, so a texture baked from one period repeats without seams.
// rkxCellTileNear2/3 give the distances themselves, in period units:
// (nearest, second nearest, to the first point alone).
vec3 rkxCellTileNear2(vec2 p, int count, float seed) {
  vec2 f = fract(p);
  float best = 1e9;
  float second = 1e9;
  float first = 1e9;
  for (int k = 0; k < 16; k++) {
    if (k >= count) break;
    vec2 c = rkHash22(vec2(float(k) * 7.13 + seed, seed * 3.1 + 1.3));
    // The nearest copy of c in the period: wrap the offset into -0.5..0.5.
    vec2 d = f - c;
    d -= floor(d + 0.5);
    float e = dot(d, d);
    second = min(second, max(best, e));
    best = min(best, e);
    if (k == 0) first = e;
  }
  return sqrt(vec3(best, second, first));
}

float rkxCellTile2(vec2 p, int count, float seed) {
  // Scaled by the typical spacing of `count` points in a unit square.
  return clamp(1.0 - rkxCellTileNear2(p, count, seed).x * sqrt(float(count)) * 1.3, 0.0, 1.0);
}

vec3 rkxCellTileNear3(vec3 p, int count, float seed) {
  vec3 f = fract(p);
  float best = 1e9;
  float second = 1e9;
  float first = 1e9;
  for (int k = 0; k < 16; k++) {
    if (k >= count) break;
    vec3 c = rkHash33(vec3(float(k) * 7.13 + seed, seed * 3.1 + 1.3, float(k) * 1.7));
    vec3 d = f - c;
    d -= floor(d + 0.5);
    float e = dot(d, d);
    second = min(second, max(best, e));
    best = min(best, e);
    if (k == 0) first = e;
  }
  return sqrt(vec3(best, second, first));
}

float rkxCellTile3(vec3 p, int count, float seed) {
  return clamp(1.0 - rkxCellTileNear3(p, count, seed).x * pow(float(count), 1.0 / 3.0) * 1.1, 0.0, 1.0);
}
