ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  vec3 b = 0.5 * THIS_Size;
  float k = THIS_Curvature;
  vec3 e = abs(q) - b;
  float box = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
  // g = y - k (x^2 - z^2) has gradient (-2kx, 1, 2kz): within the box its
  // length is at most L. Taken at the point clamped into the box (a step
  // that never lengthens distances), |g| / L never exceeds the distance.
  vec3 c = clamp(q, -b, b);
  float g = c.y - k * (c.x * c.x - c.z * c.z);
  float lip = sqrt(1.0 + 4.0 * k * k * (b.x * b.x + b.z * b.z));
  float d = max(box, (abs(g) - THIS_Thickness) / lip);
  if (THIS_Infinite) {
    // Within distance s of q the slope is at most A + 2|k| s, with A its
    // value at q's distance r from the axis, so over a way of length t the
    // function changes by at most A t + |k| t^2: reaching |g| = Thickness
    // takes at least the t where that equals |e|, a bound.
    float e = abs(q.y - k * (q.x * q.x - q.z * q.z)) - THIS_Thickness;
    float r = length(q.xz);
    float A = sqrt(1.0 + 4.0 * k * k * r * r);
    d = sign(e) * 2.0 * abs(e) / (A + sqrt(A * A + 4.0 * abs(k) * abs(e)));
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
