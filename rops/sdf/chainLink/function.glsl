// One link: a stadium of half length l and end radius r in the plane of
// its first two coordinates (long along the first), tube radius t.
float THIS_link(vec3 q, float l, float r, float t) {
  vec2 s = vec2(max(abs(q.x) - l, 0.0), q.y);
  return length(vec2(length(s) - r, q.z)) - t;
}

ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = p - THIS_Translate;
  // The chain's axis becomes x by a turn (a cyclic swap of the axes).
#if defined(THIS_Axis_y)
  q = q.yzx;
#elif defined(THIS_Axis_z)
  q = q.zxy;
#endif
  float l = THIS_Length;
  float r = THIS_Radius;
  float t = THIS_Thickness;
  int n = max(THIS_Count, 1);
  // Neighbours hook with their ends' tubes touching: link centres are
  // 2 (l + r - t) apart.
  float pitch = max(2.0 * (l + r - t), 1e-4);
  float x0 = THIS_Infinite ? 0.0 : -0.5 * float(n - 1) * pitch;  // the first link's centre
  float u = q.x - x0;
  // Each link is mirror symmetric about its middle plane, so of a row of
  // equal links the one whose centre is nearest along x is nearest; even
  // links (xy plane) and odd ones (xz plane) are two such rows.
  int nEven = (n + 1) / 2;
  int nOdd = n / 2;
  float ke = floor(u / (2.0 * pitch) + 0.5);
  if (!THIS_Infinite) ke = clamp(ke, 0.0, float(nEven - 1));
  vec3 qe = vec3(u - 2.0 * ke * pitch, q.y, q.z);
  float d = THIS_link(qe, l, r, t);
  if (nOdd > 0 || THIS_Infinite) {
    float ko = floor((u - pitch) / (2.0 * pitch) + 0.5);
    if (!THIS_Infinite) ko = clamp(ko, 0.0, float(nOdd - 1));
    vec3 qo = vec3(u - (2.0 * ko + 1.0) * pitch, q.z, q.y);
    d = min(d, THIS_link(qo, l, r, t));
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
