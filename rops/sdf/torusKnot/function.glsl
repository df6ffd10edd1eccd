// The curve at parameter u (0..TAU): angle P u around the axis, Q u around
// the torus's tube. Returns the point; k1 and k2 get its first and second
// derivatives.
vec3 THIS_curve(float u, float P, float Q, float R, float r, out vec3 k1, out vec3 k2) {
  float a = Q * u;
  float b = P * u;
  float rr = R + r * cos(a);       // distance from the axis
  float dr = -r * Q * sin(a);
  float ddr = -r * Q * Q * cos(a);
  vec2 cs = vec2(cos(b), sin(b));
  k1 = vec3(dr * cs.x - rr * P * cs.y, r * Q * cos(a), dr * cs.y + rr * P * cs.x);
  k2 = vec3(ddr * cs.x - 2.0 * dr * P * cs.y - rr * P * P * cs.x,
            -r * Q * Q * sin(a),
            ddr * cs.y + 2.0 * dr * P * cs.x - rr * P * P * cs.y);
  return vec3(rr * cs.x, r * sin(a), rr * cs.y);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The axis becomes y by a turn (a cyclic swap of the axes; a mirror would
  // turn the knot's handedness).
#if defined(THIS_Axis_x)
  q = q.zxy;
#elif defined(THIS_Axis_z)
  q = q.yzx;
#endif
  int np = max(THIS_P, 1);
  float P = float(np);
  float Q = float(THIS_Q);
  float R = THIS_Radius;
  float r = THIS_Minor;
  // The curve lies on the torus, so it is no nearer than the torus surface.
  float toTorus = abs(length(vec2(length(q.xz) - R, q.y)) - r);
  float dist = toTorus;
  // The curve parameter of the nearest point found (0 away from the torus).
  float nearU = 0.0;
  if (toTorus < r) {
    // Near the torus: start from each parameter where the curve passes the
    // point's angle around the axis, and let Newton's method on the squared
    // distance find the nearest point from there.
    float phi = atan(q.z, q.x);
    float best = 1e20;
    for (int k = 0; k < 16; k++) {
      if (k >= np) break;
      float u = (phi + TAU * float(k)) / P;
      vec3 k1, k2;
      for (int i = 0; i < 6; i++) {
        vec3 c = THIS_curve(u, P, Q, R, r, k1, k2);
        vec3 w = c - q;
        float g = dot(w, k1);                 // half the derivative
        float h = dot(k1, k1) + dot(w, k2);   // half the second derivative
        // Where the squared distance is not convex, a gradient step.
        u -= g / (h > 1e-6 ? h : dot(k1, k1) + 1e-6);
      }
      vec3 c = THIS_curve(u, P, Q, R, r, k1, k2);
      float e = dot(c - q, c - q);
      if (e < best) nearU = u;
      best = min(best, e);
    }
    dist = sqrt(best);
  }
  float angle = atan(q.z, q.x);
#if defined(THIS_Type_vec4)
  vec4 previous = THIS_VAR;
  THIS_VAR = vec4(angle, angle / TAU + 0.5, fract(nearU / TAU), 0.0);
#else
  float previous = THIS_VAR;
  THIS_VAR = angle / TAU + 0.5;
#endif
  float d = dist - THIS_Thickness;
  THIS_VAR = previous;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
