// Single scattering of sunlight in a planet's atmosphere: Rayleigh
// scattering by air molecules (blue skies, red sunsets) and Mie scattering
// by haze (the glow around the sun), each thinning exponentially with
// height. Lengths in metres.
// Its names start with rky (RKY_ for constants), apart from every other library's.

struct RkySky {
  vec3 sunDir;        // unit vector towards the sun
  float sunIntensity;
  vec3 rayleigh;      // scattering coefficients at sea level, per metre
  float mie;
  float rayleighHeight;
  float mieHeight;
  float mieG;         // Mie anisotropy: forward scattering towards 1
  float observerHeight;
  float planet;       // the planet's radius
  float top;          // the radius where the atmosphere ends
};

// Distance along the ray from o (inside the sphere of radius r about the
// origin) to where it leaves that sphere.
float rkyExit(vec3 o, vec3 d, float r) {
  float b = dot(o, d);
  float c = dot(o, o) - r * r;
  return -b + sqrt(max(b * b - c, 0.0));
}

// Distance to the ground (a sphere of radius planet) along the ray, or -1
// when it misses the planet.
float rkyGround(vec3 o, vec3 d, float planet) {
  float b = dot(o, d);
  float c = dot(o, o) - planet * planet;
  float h = b * b - c;
  if (h < 0.0 || b > 0.0) return -1.0;
  return -b - sqrt(h);
}

// Rayleigh and Mie optical depth (density integrated over length) along the
// ray from o for `len`, with `steps` midpoint samples.
vec2 rkyDepth(RkySky s, vec3 o, vec3 d, float len, int steps) {
  float dt = len / float(steps);
  vec2 od = vec2(0.0);
  for (int i = 0; i < 64; i++) {
    if (i >= steps) break;
    float h = length(o + d * (dt * (float(i) + 0.5))) - s.planet;
    od += exp(-h / vec2(s.rayleighHeight, s.mieHeight)) * dt;
  }
  return od;
}

// The sky's radiance seen from the observer looking along the unit vector d.
vec3 rkySky(RkySky s, vec3 d, int steps, int lightSteps) {
  vec3 o = vec3(0.0, s.planet + s.observerHeight, 0.0);
  float len = rkyExit(o, d, s.top);
  float groundHit = rkyGround(o, d, s.planet);
  if (groundHit > 0.0) len = groundHit;
  vec3 sumR = vec3(0.0);
  vec3 sumM = vec3(0.0);
  vec2 viewDepth = vec2(0.0);
  vec3 extinctionR = s.rayleigh;
  vec3 extinctionM = vec3(1.1 * s.mie);
  for (int i = 0; i < 64; i++) {
    if (i >= steps) break;
    // Samples crowd towards the observer, where the air and haze are
    // densest: t = len u^2 for evenly spaced u, so dt = 2 len u du.
    float u = (float(i) + 0.5) / float(steps);
    float dt = 2.0 * len * u / float(steps);
    vec3 x = o + d * (len * u * u);
    float h = length(x) - s.planet;
    vec2 dens = exp(-h / vec2(s.rayleighHeight, s.mieHeight)) * dt;
    viewDepth += dens;
    // Sunlight reaching x: none where the planet is in the way.
    if (rkyGround(x, s.sunDir, s.planet) > 0.0) continue;
    vec2 toSun = rkyDepth(s, x, s.sunDir, rkyExit(x, s.sunDir, s.top), lightSteps);
    vec3 tau = extinctionR * (viewDepth.x + toSun.x) + extinctionM * (viewDepth.y + toSun.y);
    vec3 att = exp(-tau);
    sumR += dens.x * att;
    sumM += dens.y * att;
  }
  float mu = dot(d, s.sunDir);
  float phaseR = 3.0 / (16.0 * PI) * (1.0 + mu * mu);
  float g = s.mieG;
  float phaseM = 3.0 / (8.0 * PI) * (1.0 - g * g) * (1.0 + mu * mu)
      / ((2.0 + g * g) * pow(max(1.0 + g * g - 2.0 * g * mu, 1e-6), 1.5));
  return s.sunIntensity * (sumR * s.rayleigh * phaseR + sumM * s.mie * phaseM);
}
