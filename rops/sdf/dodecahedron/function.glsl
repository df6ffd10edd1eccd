ReturnT thismap(CoordT p, ContextT ctx) {
  const float phi = 1.61803398875;
  const float iphi = 0.61803398875;
  // The corners lie sqrt(3) out.
  float s = THIS_Radius / 1.73205080757;
  // Symmetric in each axis: fold into the positive octant.
  vec3 q = abs(p - THIS_Translate) / max(s, 1e-6);
  // The faces reaching into the octant have normals (0, phi, 1), (phi, 1, 0)
  // and (1, 0, phi); each is split in half by a coordinate plane, and the
  // half on the octant's side is a quadrilateral.
  vec3 n1 = vec3(0.0, phi, 1.0);
  vec3 n2 = vec3(phi, 1.0, 0.0);
  vec3 n3 = vec3(1.0, 0.0, phi);
  float len = 1.90211303259;  // |(0, phi, 1)|
  vec3 one = vec3(1.0);
  float inr = dot(one, n1) / len;
  float plane = max(dot(q, n1), max(dot(q, n2), dot(q, n3))) / len - inr;
  float d;
  if (plane <= 0.0) {
    d = plane;
  } else {
    // Face 1 (normal n1): corners (0, 1/phi, phi), (1, 1, 1), (1/phi, phi, 0);
    // its x >= 0 half ends on x = 0 at (0, 1/phi, phi) and (0, phi, 0).
    vec3 c1 = vec3(0.0, iphi, phi);
    vec3 c2 = vec3(iphi, phi, 0.0);
    vec3 c3 = vec3(phi, 0.0, iphi);
    d = min(rkTriangle(q, c1, one, c2), rkTriangle(q, c1, c2, vec3(0.0, phi, 0.0)));
    // Face 2 (n2): (1/phi, phi, 0), (1, 1, 1), (phi, 0, 1/phi); split by z = 0.
    d = min(d, min(rkTriangle(q, c2, one, c3), rkTriangle(q, c2, c3, vec3(phi, 0.0, 0.0))));
    // Face 3 (n3): (phi, 0, 1/phi), (1, 1, 1), (0, 1/phi, phi); split by y = 0.
    d = min(d, min(rkTriangle(q, c3, one, c1), rkTriangle(q, c3, c1, vec3(0.0, 0.0, phi))));
  }
  d *= s;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
