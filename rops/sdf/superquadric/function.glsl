ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 r = max(THIS_Radii, vec3(1e-4));
  float e1 = clamp(THIS_Exponents.x, 0.05, 2.0);
  float e2 = clamp(THIS_Exponents.y, 0.05, 2.0);
  vec3 u = abs(p - THIS_Translate) / r;
  // F = f^(e1/2) grows linearly along rays from the centre (F = 1 on the
  // surface). Evaluate it at u / m, all parts at most 1, so the high powers
  // of small exponents cannot overflow, and scale back by m.
  float m = max(u.x, max(u.y, u.z));
  float rho = 1.0 / length(1.0 / r);  // the inscribed double cone's inradius
  float d;
  if (m < 1e-12) {
    d = -rho;
  } else {
    vec3 s = max(u / m, vec3(1e-20));
    float g = pow(s.x, 2.0 / e2) + pow(s.z, 2.0 / e2);
    float f = pow(g, e2 / e1) + pow(s.y, 2.0 / e1);
    float F = m * pow(f, 0.5 * e1);
    // Its gradient, which does not change along rays.
    float fk = pow(f, 0.5 * e1 - 1.0);
    float gk = pow(max(g, 1e-30), e2 / e1 - 1.0);
    vec3 grad = fk * vec3(gk * pow(s.x, 2.0 / e2 - 1.0),
                          pow(s.y, 2.0 / e1 - 1.0),
                          gk * pow(s.z, 2.0 / e2 - 1.0)) / r;
    if (F > 1.0) {
      // F is convex, so F(q) >= F(p) + grad . (q - p): points of the solid
      // (F <= 1) are at least (F - 1) / |grad| away.
      d = (F - 1.0) / max(length(grad), 1e-12);
    } else {
      // F is at most |q| / rho (the solid holds a double cone of inradius
      // rho), hence (1 - F) rho from the surface at least.
      d = (F - 1.0) * rho;
    }
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
