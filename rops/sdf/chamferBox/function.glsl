ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 b = 0.5 * THIS_Size;
  // Rounding: the box shrunk by the radius, its distance less the radius.
  float rr = clamp(THIS_Round, 0.0, min(b.x, min(b.y, b.z)));
  b -= rr;
  float c = clamp(THIS_Chamfer, 0.0, min(b.x, min(b.y, b.z)));
  vec3 q = abs(p - THIS_Translate);
  vec3 e = q - b;
  float box = length(max(e, 0.0)) + min(max(e.x, max(e.y, e.z)), 0.0);
  // Each bevel is the plane x + y = bx + by - c (and the like) of the octant.
  float bevel = max(max(q.x + q.y - b.x - b.y, q.y + q.z - b.y - b.z), q.x + q.z - b.x - b.z);
  float d = max(box, (bevel + c) * 0.70710678118) - rr;
#ifdef THIS_RETURN_TYPE_Sdf
  return createSdf(d);
#else
  return d;
#endif
}
