// Distance to the half circle of radius r about (cx, 0) on the side s
// (+1 up, -1 down): radial where the point is on that side, else the ends.
float THIS_half(vec2 p, float cx, float r, float s) {
  vec2 q = vec2(p.x - cx, p.y * s);
  if (q.y >= 0.0) return abs(length(q) - r);
  return length(vec2(abs(q.x) - r, q.y));
}

// Distance to the arc of radius r about c spanning a radians either side
// of the direction (0, s): radial within the span, else its nearer end.
float THIS_arc(vec2 p, vec2 c, float r, float a, float s) {
  vec2 q = vec2(p.x - c.x, (p.y - c.y) * s);
  if (atan(abs(q.x), q.y) <= a) return abs(length(q) - r);
  return length(vec2(abs(q.x), q.y) - r * vec2(sin(a), cos(a)));
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 q = p - THIS_Translate;
#if defined(THIS_Axis_y)
  q = q.yx;
#endif
  float r = THIS_Radius;
  float curl = clamp(THIS_Curl, 0.05, 0.75);
  float d;
  if (abs(curl - 0.5) < 1e-6) {
    // Half circles. One period is 4 r: an arc up about r, an arc down about
    // 3 r; the neighbours on either side cover the period's ends.
    q.x -= 4.0 * r * floor(q.x / (4.0 * r));
    d = min(min(THIS_half(q, r, r, 1.0), THIS_half(q, 3.0 * r, r, -1.0)),
            min(THIS_half(q, -r, r, -1.0), THIS_half(q, 5.0 * r, r, 1.0)));
  } else {
    // Arcs of half aperture a: the ends of one are the ends of the next, where
    // both run level, so the period is 4 r sin a and the centres sit r cos a
    // below (the arcs facing up) and above (facing down) the middle line.
    float a = PI * curl;
    float w = r * sin(a);
    float h = r * cos(a);
    q.x -= 4.0 * w * floor(q.x / (4.0 * w));
    d = 1e20;
    for (int k = -1; k <= 2; k++) {
      float base = 4.0 * w * float(k);
      d = min(d, THIS_arc(q, vec2(base + w, -h), r, a, 1.0));
      d = min(d, THIS_arc(q, vec2(base + 3.0 * w, h), r, a, -1.0));
    }
  }
  d -= THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
