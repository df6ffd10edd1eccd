ReturnT thismap(CoordT p, ContextT ctx) {
  p = xfRotate(p - THIS_Translate, -radians(THIS_Rotate));
  p.y = abs(p.y);
  float ra = THIS_Radius;
  float rb = THIS_CutRadius;
  float off = THIS_Offset;
  float da = length(p) - ra;
  float db = length(p - vec2(off, 0.0)) - rb;
  float d = max(da, -db);
  if (off >= ra + rb) {
    d = da;  // the cut misses the disk
  } else if (off > 1e-6) {
    // The circles cross at (a, +-b); where they do, the crescent has a tip,
    // and points in the tip's normal cone are nearest to the tip itself.
    float a = (ra * ra - rb * rb + off * off) / (2.0 * off);
    float b2 = ra * ra - a * a;
    if (b2 > 0.0) {
      vec2 tip = vec2(a, sqrt(b2));
      vec2 na = tip / max(ra, 1e-6);                           // out of the disk
      vec2 nb = (vec2(off, 0.0) - tip) / max(rb, 1e-6);        // into the cut
      vec2 q = p - tip;
      float det = na.x * nb.y - na.y * nb.x;
      float s = (q.x * nb.y - q.y * nb.x) / det;
      float t = (na.x * q.y - na.y * q.x) / det;
      if (s >= 0.0 && t >= 0.0) d = length(q);
    }
  }
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
