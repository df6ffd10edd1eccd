// Fold z into the fundamental region: the mirrors x = 0, y = 0, C and D,
// as many rounds as the group needs.
vec4 THIS_fold(vec4 z) {
  int rounds = THIS_Type <= 3 ? 3 : THIS_Type == 4 ? 8 : 15;
  for (int i = 0; i < 15; i++) {
    if (i >= rounds) break;
    z.xy = abs(z.xy);
    z -= 2.0 * min(0.0, dot(z, THIS_mirrorC)) * THIS_mirrorC;
    z -= 2.0 * min(0.0, dot(z, THIS_mirrorD)) * THIS_mirrorD;
  }
  return z;
}

// A distance on the 3-sphere (its cosine and sine) back in space, at the
// radius r the point was lifted from.
float THIS_toSpace(float ca, float sa, float r) {
  return r - (2.0 * r * ca - (1.0 - r * r) * sa) / ((1.0 - r * r) * ca + 2.0 * r * sa + 1.0 + r * r);
}

float THIS_angleTo(vec4 z, vec4 q, float r) {
  return THIS_toSpace(dot(z, q), 0.5 * length(q - z) * length(q + z), r);
}

// To the edge from the corner across the mirror with normal n: the nearest
// point of the great arc, on the corner's side.
float THIS_edge(vec4 z, vec4 n, float r) {
  float zn = dot(z, n);
  float zc = dot(z, THIS_corner);
  float nc = dot(n, THIS_corner);
  vec4 nearest = normalize((zc - zn * nc) * THIS_corner + min(0.0, zn - zc * nc) * n);
  return THIS_angleTo(z, nearest, r);
}

float THIS_join(float a, float b) {
  float k = THIS_Blend;
  if (k <= 0.0) return min(a, b);
  float h = max(k - abs(a - b), 0.0) / k;
  return min(a, b) - 0.25 * h * h * k;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p.zyx;
  float r = length(q);
  vec4 z = THIS_fold(vec4(2.0 * q, 1.0 - r * r) / (1.0 + r * r));
  float d = 1e10;
  if (THIS_EnableSegments) {
    float e = min(min(THIS_edge(z, vec4(1.0, 0.0, 0.0, 0.0), r), THIS_edge(z, vec4(0.0, 1.0, 0.0, 0.0), r)),
                  min(THIS_edge(z, THIS_mirrorC, r), THIS_edge(z, THIS_mirrorD, r)));
    d = e - 0.5 * THIS_SegmentSize;
  }
  if (THIS_EnableVertices) {
    d = THIS_join(d, THIS_angleTo(z, THIS_corner, r) - THIS_VertexSize);
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
