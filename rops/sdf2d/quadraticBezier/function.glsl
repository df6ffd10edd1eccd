// Squared distance from p to the curve point at t (clamped to the curve).
float THIS_dist2(vec2 p, vec2 a0, vec2 a1, vec2 a2, float t) {
  t = clamp(t, 0.0, 1.0);
  vec2 q = a0 + t * (2.0 * a1 + t * a2) - p;
  return dot(q, q);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec2 A = THIS_A;
  vec2 B = THIS_B;
  vec2 C = THIS_C;
  // The curve as a polynomial: P(t) = A + 2t a1 + t^2 a2.
  vec2 a1 = B - A;
  vec2 a2 = A - 2.0 * B + C;
  float dist;
  float nearT;
  float aa = dot(a2, a2);
  if (aa < 1e-10) {
    // A straight curve: the segment.
    dist = rkSegment(p, A, C);
    vec2 ac = C - A;
    nearT = clamp(dot(p - A, ac) / max(dot(ac, ac), 1e-12), 0.0, 1.0);
  } else {
    // The nearest point makes (P(t) - p) . P'(t) = 0, a cubic in t:
    // t^3 + k2 t^2 + k1 t + k0 = 0.
    vec2 c0 = A - p;
    float k2 = 3.0 * dot(a1, a2) / aa;
    float k1 = (2.0 * dot(a1, a1) + dot(c0, a2)) / aa;
    float k0 = dot(c0, a1) / aa;
    // Depressed form s^3 + P s + Q = 0 with t = s - k2 / 3.
    float P = k1 - k2 * k2 / 3.0;
    float Q = 2.0 * k2 * k2 * k2 / 27.0 - k2 * k1 / 3.0 + k0;
    float disc = 0.25 * Q * Q + P * P * P / 27.0;
    vec3 roots;
    if (disc >= 0.0) {
      // One real root (Cardano).
      float sq = sqrt(disc);
      float u = -0.5 * Q + sq;
      float v = -0.5 * Q - sq;
      float s = sign(u) * pow(abs(u), 1.0 / 3.0) + sign(v) * pow(abs(v), 1.0 / 3.0);
      roots = vec3(s);
    } else {
      // Three real roots (the trigonometric form; P < 0 here).
      float m = 2.0 * sqrt(-P / 3.0);
      float th = acos(clamp(1.5 * Q / P * sqrt(-3.0 / P), -1.0, 1.0)) / 3.0;
      roots = m * vec3(cos(th), cos(th - TAU / 3.0), cos(th - 2.0 * TAU / 3.0));
    }
    roots -= k2 / 3.0;
    // One Newton step on each root sharpens what float rounding blurred.
    for (int i = 0; i < 3; i++) {
      float t = roots[i];
      float f = ((t + k2) * t + k1) * t + k0;
      float df = (3.0 * t + 2.0 * k2) * t + k1;
      if (abs(df) > 1e-6) roots[i] = t - f / df;
    }
    // The nearest of the roots (clamped to the curve) and the ends, in
    // case every root lies outside 0..1; its t is kept for the variable.
    float d2 = dot(p - A, p - A);
    nearT = 0.0;
    float e = dot(p - C, p - C);
    if (e < d2) {
      d2 = e;
      nearT = 1.0;
    }
    for (int i = 0; i < 3; i++) {
      e = THIS_dist2(p, A, a1, a2, roots[i]);
      if (e < d2) {
        d2 = e;
        nearT = clamp(roots[i], 0.0, 1.0);
      }
    }
    dist = sqrt(d2);
  }
  float previous = THIS_VAR;
  THIS_VAR = nearT;
  float d = dist - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
