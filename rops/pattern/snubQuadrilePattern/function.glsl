#include "node/patternPoint.glsl"

// Distance from q to the segment from a to b.
float THIS_segment(vec2 q, vec2 a, vec2 b) {
  vec2 ab = b - a;
  float t = clamp(dot(q - a, ab) / max(dot(ab, ab), 1e-12), 0.0, 1.0);
  return length(q - a - ab * t);
}

// Whether q lies on the right of the line from a towards b (or on it).
bool THIS_right(vec2 q, vec2 a, vec2 b) {
  vec2 d = b - a;
  return dot(q - a, vec2(-d.y, d.x)) <= 0.0;
}

vec3 THIS_polyColor(int i) {
  vec3 c = i == 1 ? THIS_PolyColor2 : i == 2 ? THIS_PolyColor3 : i == 3 ? THIS_PolyColor4 : THIS_PolyColor1;
  return 0.25 + 0.75 * c;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = THIS_patternPoint(p);
  q /= THIS_Size;
  vec2 w = clamp(vec2(0.64, 0.36) + THIS_TilingShift, 0.0, 1.0);
  // Into the square from -1 to 1, then its quadrant, then below its diagonal.
  q = q - 2.0 * floor(0.5 * q) - 1.0;
  bool mirrored = (q.x < 0.0) != (q.y < 0.0);
  int quadrant = (q.x < 0.0 ? 2 : 0) + (mirrored ? 1 : 0);
  q = abs(q);
  if (mirrored) q = q.yx;
  // The vertex and its images in the sides of the fundamental region.
  vec2 v0 = w.yx;
  vec2 v1 = vec2(2.0 - w.x, w.y);
  vec2 v2 = vec2(w.x, -w.y);
  vec2 v3 = vec2(-w.x, w.y);
  vec2 v4 = vec2(-w.y, 2.0 - w.x);
  vec2 v5 = vec2(w.x, 2.0 - w.y);
  bool r1 = THIS_right(q, v0, v1);
  bool r2 = THIS_right(q, v0, v2);
  bool r3 = THIS_right(q, v0, v3);
  bool r4 = THIS_right(q, v0, v4);
  bool r5 = THIS_right(q, v0, v5);
  // Between two of the lines through v0 lies one polygon.
  int index = 0;
  if (r3 && !r4) index = ((quadrant + 3) % 4) / 2 + 2;
  if (r4 && !r5) index = ((quadrant + 1) % 4) / 2 + 2;
  if (r5 && !r1) index = 1;
  if (r1 && !r2) index = quadrant / 2 + 2;
  vec3 col = THIS_polyColor(index);
  if (THIS_EnableOutline) {
    float d = min(THIS_segment(q, v0, v1), THIS_segment(q, v0, v2));
    d = min(d, min(THIS_segment(q, v0, v3), THIS_segment(q, v0, v4)));
    d = min(d, min(THIS_segment(q, v0, v5), THIS_segment(q, v1, v2)));
    float t = THIS_OutlineThickness;
    float b = THIS_OutlineBlending;
    col = mix(THIS_OutlineColor, col, b > 0.0 ? smoothstep(t - b, t + b, d) : step(t, d));
  }
  if (THIS_EnableDualOutline) {
    vec2 c = (v0 + v1 + v2) / 3.0;
    float d = min(THIS_segment(q, vec2(0.0), c), THIS_segment(q, vec2(1.0, 0.0), c));
    d = min(d, THIS_segment(q, vec2(1.0), c));
    d = min(d, THIS_segment(q, vec2(-c.y, c.x), vec2(c.y, -c.x)));
    d = min(d, THIS_segment(q, vec2(-c.y, c.x), vec2(c.y, 2.0 - c.x)));
    d = min(d, THIS_segment(q, vec2(2.0 - c.y, c.x), vec2(c.y, 2.0 - c.x)));
    float t = 0.5 * THIS_DualOutlineThickness;
    float b = THIS_DualOutlineBlending;
    col = mix(THIS_DualOutlineColor, col, b > 0.0 ? smoothstep(t - b, t + b, d) : step(t, d));
  }
  return vec4(col, 1.0);
}
