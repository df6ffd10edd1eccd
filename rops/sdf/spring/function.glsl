// The helix: H(a) = (R cos a, k a - half, R sin a) for a in 0..amax.
// For a point at radius rho, angle phi and height y, with a = phi + s, the
// squared distance is rho^2 + R^2 - 2 rho R cos s + (yy - k s)^2 where yy is
// the point's height above the helix point at angle phi. g(s) below is that
// less rho^2 + R^2; it can have a minimum on the near side (s near 0) and
// one on the far side of the axis, so the window is sampled first and the
// best sample's neighbourhood refined.
#include "node/axisUp.glsl"
float THIS_g(float s, float rhoR, float k, float yy) {
  float v = yy - k * s;
  return -2.0 * rhoR * cos(s) + v * v;
}

// The least squared distance over the window lo..hi of s, and its s.
vec2 THIS_window(float rho, float R, float k, float yy, float lo, float hi) {
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
    float gm = THIS_g(0.5 * (a + b), rhoR, k, yy);
    if (gm < best) { best = gm; bs = 0.5 * (a + b); }
  }
  return vec2(best + rho * rho + R * R, bs);
}

// The least squared distance from q to the helix of radius R (rise k per
// radian, amax radians long from height -half; endless when amax < 0), and
// the helix angle a of its nearest point.
vec2 THIS_coil(vec3 q, float R, float k, float amax, float half_) {
  float rho = length(q.xz);
  float phi = atan(q.z, q.x);
  float y = q.y + half_;  // height above the helix's start
  bool endless = amax < 0.0;
  // Turn n passes angle phi at a = phi + TAU n. The turns that can be
  // nearest: the one passing closest in height and its neighbours, limited
  // to turns that exist.
  float n0 = floor((y - k * phi) / (k * TAU) + 0.5);
  if (!endless) {
    float nmin = ceil((-PI - phi) / TAU);
    float nmax = floor((amax + PI - phi) / TAU);
    n0 = clamp(n0, nmin, nmax);
  }
  float best = 1e20;
  float bestA = 0.0;
  for (int i = -1; i <= 1; i++) {
    float n = n0 + float(i);
    float a0 = phi + TAU * n;
    float lo = endless ? -PI : max(-PI, -a0);
    float hi = endless ? PI : min(PI, amax - a0);
    if (lo <= hi) {
      vec2 w = THIS_window(rho, R, k, y - k * a0, lo, hi);
      if (w.x < best) { best = w.x; bestA = a0 + w.y; }
    }
  }
  if (!endless) {
    // The two ends.
    vec3 e0 = vec3(R, -half_, 0.0);
    vec3 e1 = vec3(R * cos(amax), half_, R * sin(amax));
    float d0 = dot(q - e0, q - e0);
    float d1 = dot(q - e1, q - e1);
    if (d0 < best) { best = d0; bestA = 0.0; }
    if (d1 < best) { best = d1; bestA = amax; }
  }
  return vec2(best, bestA);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = THIS_UP(p - THIS_Translate);
  if (THIS_Reverse) q.z = -q.z;
  float k = max(THIS_Pitch, 1e-4) / TAU;  // rise per radian
  float amax = TAU * max(THIS_Turns, 0.0);
  float half_ = 0.5 * k * amax;
  if (THIS_Infinite) {
    amax = -1.0;
    half_ = 0.0;
  }
  // The place along and around the axis, for the fields and the profile.
  float THIS_n = atan(q.x, q.z) / TAU + 0.5;
  float along01 = THIS_Infinite ? 0.0 : clamp((q.y + half_) / max(2.0 * half_, 1e-6), 0.0, 1.0);
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(q.y, along01, THIS_n, 360.0 * THIS_n);
#else
  float previous = THIS_VAR;
  THIS_VAR = along01;
#endif
  float R = THIS_Radius;
  float spread = THIS_DualSpread * R;
  vec2 c = THIS_coil(q, R, k, amax, half_);
  if (spread != 0.0) {
    // Two wires, at R -+ spread.
    vec2 c1 = THIS_coil(q, R - spread, k, amax, half_);
    vec2 c2 = THIS_coil(q, R + spread, k, amax, half_);
    c = c1.x <= c2.x ? c1 : c2;
    R = c1.x <= c2.x ? R - spread : R + spread;
  }
#if defined(THIS_HAS_INPUT_1)
  // The profile in the plane across the wire at its nearest point: x out
  // from the axis, y along the wire's binormal (up the axis); past an end,
  // the distance beyond that end's plane is combined in (a flat cap).
  float a = c.y;
  vec3 h = vec3(R * cos(a), k * a - half_, R * sin(a));
  vec3 v = q - h;
  vec3 nrm = vec3(cos(a), 0.0, sin(a));
  vec3 tng = normalize(vec3(-R * sin(a), k, R * cos(a)));
  vec3 bin = cross(tng, nrm);
  ReturnT res = inputOp1(vec2(dot(v, nrm), dot(v, bin)), ctx);
  float past = 0.0;
  if (!THIS_Infinite) {
    if (a <= 0.0) past = max(-dot(v, tng), 0.0);
    if (a >= amax) past = max(dot(v, tng), 0.0);
  }
  if (past > 0.0) {
    float e = max(xfDist(res), 0.0);
    xfSetDist(res, sqrt(e * e + past * past));
  }
  THIS_VAR = previous;
  return res;
#else
  float d = sqrt(max(c.x, 0.0)) - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
