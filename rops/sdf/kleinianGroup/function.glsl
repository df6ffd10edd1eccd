// x wrapped into [lo, lo + size), per component.
vec2 THIS_wrap(vec2 x, vec2 size, vec2 lo) {
  return x - size * floor((x - lo) / size);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  float a = THIS_KleinR;
  float b = THIS_KleinI;
  float side = sign(b);
  vec3 q = p / THIS_Scale + vec3(0.9, 0.8, 0.0);
  vec3 last = q + vec3(1.0);
  vec3 beforeLast = q - vec3(1.0);
  const vec3 sphereCentre = vec3(1.0, 0.96, 0.0);
  const float sphereRadius = 0.8;
  float r = 0.0;
  float r2 = 0.0;
  if (THIS_SphereInversion) {
    q -= sphereCentre;
    r = length(q);
    r2 = r * r;
    q = q * (sphereRadius * sphereRadius / r2) + sphereCentre;
  }
  float scale = 1.0;
  vec4 trap = vec4(1e4);
  for (int i = 0; i < THIS_Iterations; i++) {
    // Wrap into the box, sheared along y.
    q.x += b / a * q.y;
    q.xz = THIS_wrap(q.xz, 2.0 * THIS_BoxSize, -THIS_BoxSize);
    q.x -= b / a * q.y;
    // Above the separating line: reflect through (-b, a, 0).
    float bx = q.x + 0.5 * b;
    float line = 0.5 * a + side * (2.0 * a - 1.95) / 4.0 * sign(bx) * (1.0 - exp(-(7.2 - (1.95 - a) * 15.0) * abs(bx)));
    if (q.y >= line) {
      q = vec3(-b, a, 0.0) - q;
    }
    // The Mobius map.
    float inv = 1.0 / dot(q, q);
    q *= -inv;
    q.x = -b - q.x;
    q.y += a;
    scale *= inv;
    trap = min(trap, vec4(abs(q), dot(q, q)));
    vec3 back = q - beforeLast;
    if (dot(back, back) < 0.0001) break;
    beforeLast = last;
    last = q;
  }
  float d = min(min(q.y, a - q.y), 0.3) / max(scale, 2.0);
  if (THIS_SphereInversion) {
    d = d * r2 / (sphereRadius + r * d);
  }
  d *= THIS_Scale;
#include "node/orbitTrapReturn.glsl"
}
