RkPattern THIS_measure(vec2 q) {
  float n = float(max(THIS_Arms, 1));
  float gap = max(THIS_Spacing, 1e-4) / n;
  float turn = atan(q.y, q.x) / TAU;
  // Along a ray the arms are gap apart; the phase rises with the radius and
  // falls with the turn, so each arm winds outward counter-clockwise.
  float w = length(q) / gap - n * turn;
  float ph = fract(w);
  float half_ = 0.5 * clamp(THIS_Duty, 0.0, 1.0);
  RkPattern r;
  // Each arm is centred on a whole phase; its band reaches half_ to each side.
  r.dist = gap * (half_ - min(ph, 1.0 - ph));
  r.cell = mod(floor(w + 0.5), n) / n;
  r.extra = ph;
  return r;
}

// The twisted-fold spiral: the plane (in units of Spacing) turned by its
// radius plus Spin, folded into a quadrant, and read as
// sqrt(angle) + sqrt(radius) - sqrt(angle + radius), the angle in half
// turns from the fold's axis: 0 along each fold line, rising between.
float THIS_twist(vec2 q) {
  vec2 u = q / max(THIS_Spacing, 1e-4);
  float a = length(u) + THIS_Spin;
  float c = cos(a);
  float s = sin(a);
  u = abs(vec2(c * u.x - s * u.y, s * u.x + c * u.y));
  float ang = atan(u.x, u.y) / PI;
  float rad = length(u);
  return sqrt(ang) + sqrt(rad) - sqrt(ang + rad);
}

ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  vec2 q = rkPatternSpace(p.THIS_Plane, THIS_Translate, THIS_Rotate);
#else
  vec2 q = rkPatternSpace(p, THIS_Translate, THIS_Rotate);
#endif
#if defined(THIS_Output_twist) && defined(THIS_RETURN_TYPE_vec4)
  return rkPatternColor(THIS_twist(q), 0.0, THIS_ColorA, THIS_ColorB, 0.0);
#elif defined(THIS_Output_twist)
  return THIS_twist(q);
#else
  RkPattern r = THIS_measure(q);
#if defined(THIS_RETURN_TYPE_vec4)
  return rkPatternColor(rkPatternMask(r.dist, THIS_Softness), r.cell, THIS_ColorA, THIS_ColorB, THIS_Variation);
#else
  return rkPatternFloat(r, THIS_OUTPUT, THIS_Softness);
#endif
#endif
}
