// Archimedean spirals r = start + spacing * t / TAU for t in [0, TAU * turns],
// shared by the spiral shape ROPs (2D stroke, 3D tube). Names start with rks.

// The point of the spiral at parameter t.
vec2 rksPoint(float t, float start, float spacing) {
  float r = start + spacing * t / TAU;
  return r * vec2(cos(t), sin(t));
}

// Unsigned distance from p to the spiral curve. The nearest point is a local
// minimum of |p - c(t)|^2 near a winding that crosses p's ray; each winding
// around p's radius is refined by Newton's method on the squared distance,
// and the two ends are candidates too.
float rksDistance(vec2 p, float start, float spacing, float turns) {
  float tmax = TAU * max(turns, 0.0);
  float b = max(spacing, 1e-5) / TAU;
  float phi = atan(p.y, p.x);
  if (phi < 0.0) phi += TAU;
  float r = length(p);
  float best = min(length(p - rksPoint(0.0, start, spacing)),
                   length(p - rksPoint(tmax, start, spacing)));
  // The winding whose radius is just below r, and its neighbours; beyond
  // either end of the spiral, the windings next to that end.
  float kLast = floor((tmax - phi) / TAU);
  float k0 = clamp(floor((r - start - b * phi) / (TAU * b)), -1.0, max(kLast, -1.0));
  for (int j = -1; j <= 2; j++) {
    float t = clamp(phi + TAU * (k0 + float(j)), 0.0, tmax);
    for (int i = 0; i < 6; i++) {
      float rr = start + b * t;
      vec2 c = rr * vec2(cos(t), sin(t));
      vec2 dc = b * vec2(cos(t), sin(t)) + rr * vec2(-sin(t), cos(t));
      vec2 ddc = 2.0 * b * vec2(-sin(t), cos(t)) - rr * vec2(cos(t), sin(t));
      vec2 e = c - p;
      float g = dot(e, dc);
      float h = dot(dc, dc) + dot(e, ddc);
      // Newton where the squared distance curves upward, a gradient step otherwise.
      float stepT = h > 1e-6 ? g / h : g / max(dot(dc, dc), 1e-6);
      t = clamp(t - clamp(stepT, -0.5, 0.5), 0.0, tmax);
    }
    best = min(best, length(p - rksPoint(t, start, spacing)));
  }
  return best;
}
