#include "node/patternPoint.glsl"

// Distance from h (relative to a hexagon's centre, circumradius 1) to the
// nearest of the three discs centred on the corners at 60, 180 and 300
// degrees, less the discs' radius: negative inside a disc.
float THIS_rings(vec2 h, float radius) {
  float sector = floor(atan(h.y, h.x) * 3.0 / TAU) + 0.5;
  vec2 corner = vec2(cos(sector * TAU / 3.0), sin(sector * TAU / 3.0));
  return length(h - corner) - radius;
}

float THIS_value(vec2 q) {
  // Flat-top hexagons: the library's pointy-top lattice on swapped axes.
  vec2 centre = rkHexCentre(q.yx, 1.0).yx;
  vec2 h = q - centre;
  float radius = mix(0.85, 0.49, THIS_Thickness);
  // The second layer: the discs on the other three corners.
  vec2 turned = vec2(0.5 * h.x - 0.86602540378 * h.y, 0.86602540378 * h.x + 0.5 * h.y);
  vec2 d = vec2(THIS_rings(h, radius), THIS_rings(turned, radius));
  vec2 inFront = smoothstep(-0.05, 0.05, d);
  vec2 border = smoothstep(0.0, 0.05, d);
  float m = inFront.x;
  if (THIS_Randomize && rkHash12(centre * vec2(0.37, 1.13) + vec2(THIS_Seed, 0.5 * THIS_Seed)) > 0.5) {
    m = 1.0 - inFront.y;
  }
  return mix(0.5 * border.y, border.x, m);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = THIS_patternPoint(p);
  float v = THIS_value((q - THIS_Translate) / THIS_Size);
#if defined(THIS_RETURN_TYPE_vec4)
  return vec4(vec3(v), 1.0);
#else
  return v;
#endif
}
