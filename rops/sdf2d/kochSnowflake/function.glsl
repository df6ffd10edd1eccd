ReturnT thismap(CoordT p, ContextT ctx) {
  p -= THIS_Translate;
  // The starting triangle: inradius rho, its top side horizontal at y = rho
  // with half length rho sqrt(3).
  float rho = 0.5 * max(THIS_Radius, 1e-6);
  float halfSide = rho * sqrt(3.0);
  // Fold into the sector of the top side: the triangle's three mirror lines.
  float an = atan(p.x, p.y);
  an = mod(an + PI / 3.0, TAU / 3.0) - PI / 3.0;
  p = length(p) * vec2(abs(sin(an)), cos(an));
  // The side as the unit segment from (-1, 0) to (1, 0), bumps towards +y.
  vec2 q = vec2(p.x, p.y - rho) / halfSide;
  float s = halfSide;
  // Each step keeps the outermost quarter of the side: mirror the left half
  // onto the right, mirror the slanted quarter onto the flat one across the
  // 60 degree line through (1/3, 0), then blow the flat quarter up to the
  // whole segment.
  const vec2 n = vec2(-0.86602540378, 0.5);
  int steps = clamp(int(floor(THIS_Iterations + 0.5)), 0, 8);
  for (int i = 0; i < 8; i++) {
    if (i >= steps) break;
    q.x = abs(q.x);
    float side = dot(q - vec2(1.0 / 3.0, 0.0), n);
    if (side > 0.0) q -= 2.0 * side * n;
    q = vec2(3.0 * q.x - 2.0, 3.0 * q.y);
    s /= 3.0;
  }
  float dist = length(q - vec2(clamp(q.x, -1.0, 1.0), 0.0));
  float d = (q.y < 0.0 ? -dist : dist) * s;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
