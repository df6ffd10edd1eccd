// The helix: H(a) = (R cos a, k a - half, R sin a) for a in 0..amax.
// For a point at radius rho, angle phi and height y, with a = phi + s, the
// squared distance is rho^2 + R^2 - 2 rho R cos s + (yy - k s)^2 where yy is
// the point's height above the helix point at angle phi. g(s) below is that
// less rho^2 + R^2; it can have a minimum on the near side (s near 0) and
// one on the far side of the axis, so the window is sampled first and the
// best sample's neighbourhood refined.
float THIS_g(float s, float rhoR, float k, float yy) {
  float v = yy - k * s;
  return -2.0 * rhoR * cos(s) + v * v;
}

float THIS_window(float rho, float R, float k, float yy, float lo, float hi) {
  float rhoR = rho * R;
  const int M = 8;
  float step_ = (hi - lo) / float(M);
  float best = 1e20;
  float bs = lo;
  for (int i = 0; i <= M; i++) {
    float s = lo + step_ * float(i);
    float g = THIS_g(s, rhoR, k, yy);
    if (g < best) { best = g; bs = s; }
  }
  // Bisect on the sign of g'(s) = 2 rho R sin s - 2 k (yy - k s) between
  // the best sample's neighbours.
  float a = max(bs - step_, lo);
  float b = min(bs + step_, hi);
  if (rhoR * sin(a) - k * (yy - k * a) < 0.0 && rhoR * sin(b) - k * (yy - k * b) > 0.0) {
    for (int i = 0; i < 18; i++) {
      float m = 0.5 * (a + b);
      if (rhoR * sin(m) - k * (yy - k * m) < 0.0) a = m; else b = m;
    }
    best = min(best, THIS_g(0.5 * (a + b), rhoR, k, yy));
  }
  return best + rho * rho + R * R;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  float R = THIS_Radius;
  float k = max(THIS_Pitch, 1e-4) / TAU;  // rise per radian
  float amax = TAU * max(THIS_Turns, 0.0);
  float half_ = 0.5 * k * amax;
  float rho = length(q.xz);
  float phi = atan(q.z, q.x);
  float y = q.y + half_;  // height above the helix's start
  // Turn n passes angle phi at a = phi + TAU n. The turns that can be
  // nearest: the one passing closest in height and its neighbours, limited
  // to turns that exist.
  float nmin = ceil((-PI - phi) / TAU);
  float nmax = floor((amax + PI - phi) / TAU);
  float n0 = clamp(floor((y - k * phi) / (k * TAU) + 0.5), nmin, nmax);
  float best = 1e20;
  for (int i = -1; i <= 1; i++) {
    float n = n0 + float(i);
    float a0 = phi + TAU * n;
    float lo = max(-PI, -a0);
    float hi = min(PI, amax - a0);
    if (lo <= hi) best = min(best, THIS_window(rho, R, k, y - k * a0, lo, hi));
  }
  // The two ends.
  vec3 e0 = vec3(R, -half_, 0.0);
  vec3 e1 = vec3(R * cos(amax), half_, R * sin(amax));
  best = min(best, min(dot(q - e0, q - e0), dot(q - e1, q - e1)));
  float d = sqrt(max(best, 0.0)) - THIS_Thickness;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
