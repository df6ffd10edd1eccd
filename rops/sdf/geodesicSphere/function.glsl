// The facet normal nearest p's direction, with its dot product: over the
// geodesic sphere's vertices (Shape vertices) or the centres of its
// triangles (Shape faces). The set of normals is symmetric in each axis,
// so for p folded into the positive octant the largest p . n comes from a
// normal there too: those lie on the four icosahedron faces reaching into
// the octant.
vec4 THIS_nearestNormal(vec3 q) {
  const float phi = 1.61803398875;
  vec3 a = vec3(0.0, 1.0, phi);
  vec3 b = vec3(1.0, phi, 0.0);
  vec3 c = vec3(phi, 0.0, 1.0);
  vec3 faces[12] = vec3[12](a, b, c,
                            a, b, vec3(-1.0, phi, 0.0),
                            a, c, vec3(0.0, -1.0, phi),
                            b, c, vec3(phi, 0.0, -1.0));
  const int f = THIS_Frequency;
  vec4 best = vec4(0.0, 0.0, 0.0, -1e20);
  for (int k = 0; k < 4; k++) {
    vec3 v0 = faces[3 * k];
    vec3 e1 = (faces[3 * k + 1] - v0) / float(f);
    vec3 e2 = (faces[3 * k + 2] - v0) / float(f);
    for (int i = 0; i <= f; i++) {
      for (int j = 0; j <= f - i; j++) {
#if defined(THIS_Shape_faces)
        // The triangles with corner (i, j): one pointing up, and one down.
        vec3 pij = normalize(v0 + float(i) * e1 + float(j) * e2);
        vec3 pi1 = normalize(v0 + float(i + 1) * e1 + float(j) * e2);
        vec3 pj1 = normalize(v0 + float(i) * e1 + float(j + 1) * e2);
        vec3 p11 = normalize(v0 + float(i + 1) * e1 + float(j + 1) * e2);
        if (i + j < f) {
          vec3 n = normalize(pij + pi1 + pj1);
          if (dot(q, n) > best.w) best = vec4(n, dot(q, n));
        }
        if (i + j < f - 1) {
          vec3 n = normalize(pi1 + pj1 + p11);
          if (dot(q, n) > best.w) best = vec4(n, dot(q, n));
        }
#else
        vec3 n = normalize(v0 + float(i) * e1 + float(j) * e2);
        if (dot(q, n) > best.w) best = vec4(n, dot(q, n));
#endif
      }
    }
  }
  return best;
}

// p turned so that the unit vector n points along +y (about the axis
// across both).
vec3 THIS_toUp(vec3 p, vec3 n) {
  float c = n.y;
  vec3 k = vec3(n.z, 0.0, -n.x);  // n x +y
  float s = length(k);
  if (s < 1e-6) return c > 0.0 ? p : vec3(p.x, -p.y, -p.z);
  k /= s;
  return p * c + cross(k, p) * s + k * dot(k, p) * (1.0 - c);
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = abs(p - THIS_Translate);
  vec4 nb = THIS_nearestNormal(q);
  float d = THIS_Faces ? nb.w - THIS_Radius : 1e20;
  if (THIS_Spikes) {
    // A cone along the nearest normal: its base of radius Spike radius
    // Spike offset out from the centre, its tip Spike length further.
    float along = dot(q, nb.xyz) - THIS_SpikeOffset;
    float across = length(q - dot(q, nb.xyz) * nb.xyz);
    vec2 w = vec2(across, along);
    float rs = THIS_SpikeRadius;
    float len = THIS_SpikeLength;
    float e = min(rkSegment(w, vec2(0.0), vec2(rs, 0.0)), rkSegment(w, vec2(rs, 0.0), vec2(0.0, len)));
    bool inside = along >= 0.0 && along <= len && across * len <= rs * (len - along);
    d = min(d, inside ? -e : e);
  }
#if defined(THIS_HAS_INPUT_1)
  // The tip shape at the end of the nearest spike, standing along it.
  vec3 tip = THIS_toUp(q - nb.xyz * (THIS_SpikeOffset + THIS_SpikeLength), nb.xyz);
  ReturnT res = inputOp1(tip, ctx);
#ifdef THIS_RETURN_TYPE_Sdf
  res.x = min(res.x, d);
  return res;
#else
  return min(res, d);
#endif
#else
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
#endif
}
