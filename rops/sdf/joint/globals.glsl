// The bent path of rkpBentPath thickened to a band of half width w with
// flat ends (a square limb's outline in its plane): an annular sector, or a
// rectangle when straight. Exact signed distance: the nearest of its two
// arcs and two end segments, negative inside.
float THIS_bentBand(vec2 p, float len, float angle, float w) {
  if (abs(angle) < 1e-4) {
    vec2 e = abs(p - vec2(0.0, 0.5 * len)) - vec2(w, 0.5 * len);
    return length(max(e, 0.0)) + min(max(e.x, e.y), 0.0);
  }
  float rho = len / angle;
  vec2 q = p - vec2(rho, 0.0);
  float s = sign(rho);
  float ar = abs(rho);
  float a = abs(angle);
  float t = atan(q.y, -s * q.x);
  if (t < 0.0) t += TAU;
  float r = length(q);
  // The arcs at radii ar -+ w, where the point's angle lies on them; else
  // their ends, which the end segments reach anyway.
  float arcs = t <= a ? abs(abs(r - ar) - w) : 1e20;
  vec2 startDir = vec2(-s, 0.0);
  vec2 tipDir = vec2(-s * cos(a), sin(a));
  vec2 c = vec2(rho, 0.0);
  float ends = min(rkSegment(p, c + (ar - w) * startDir, c + (ar + w) * startDir),
                   rkSegment(p, c + (ar - w) * tipDir, c + (ar + w) * tipDir));
  float d = min(arcs, ends);
  bool inside = t <= a && abs(r - ar) <= w;
  return inside ? -d : d;
}
