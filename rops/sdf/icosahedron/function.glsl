ReturnT thismap(CoordT p, ContextT ctx) {
  const float phi = 1.61803398875;
  // Corners (0, +-1, +-phi) and cyclic turns lie sqrt(1 + phi^2) out.
  float s = THIS_Radius / 1.90211303259;
  // The solid is symmetric in each axis: fold into the positive octant,
  // where the nearest point lies too.
  vec3 q = abs(p - THIS_Translate) / max(s, 1e-6);
  vec3 a = vec3(0.0, 1.0, phi);
  vec3 b = vec3(1.0, phi, 0.0);
  vec3 c = vec3(phi, 0.0, 1.0);
  // Inside: the nearest face plane. The face normals with no negative
  // component are (1, 1, 1) and (0, phi, 1/phi) turned, all sqrt(3) long;
  // the corner a lies on the first face.
  float inr = dot(a, vec3(0.57735026919));
  float plane = max(max(dot(q, vec3(0.57735026919)), dot(q, vec3(0.0, phi, 1.0 / phi) / 1.73205080757)),
                    max(dot(q, vec3(1.0 / phi, 0.0, phi) / 1.73205080757), dot(q, vec3(phi, 1.0 / phi, 0.0) / 1.73205080757))) - inr;
  float d;
  if (plane <= 0.0) {
    d = plane;
  } else {
    // Outside: the nearest of the four faces that reach into the octant
    // (the three split by a coordinate plane are taken as their halves).
    d = rkTriangle(q, a, b, c);
    d = min(d, rkTriangle(q, a, b, vec3(0.0, phi, 0.0)));
    d = min(d, rkTriangle(q, a, c, vec3(0.0, 0.0, phi)));
    d = min(d, rkTriangle(q, b, c, vec3(phi, 0.0, 0.0)));
  }
  d *= s;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
