ReturnT thismap(CoordT p, ContextT ctx) {
  float s = max(THIS_Size, 1e-4);
  vec2 q = p - THIS_Translate;
  vec2 h = q - rkHexCentre(q, s);
  // Inside a regular hexagon the nearest point of its outline lies on the
  // side facing furthest out; every other edge of the tiling is further
  // than the outline, so the hexagon and its three spokes are enough.
  float e = 0.86602540378 * s - rkHexNorm(h);
  for (int k = 0; k < 3; k++) {
    float a = radians(90.0 + 120.0 * float(k));
    vec2 c = s * vec2(cos(a), sin(a));
    float t = clamp(dot(h, c) / (s * s), 0.0, 1.0);
    e = min(e, length(h - t * c));
  }
  float d = 0.5 * THIS_Gap - e;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
