ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 b = THIS_Size * 0.5;
  float r = clamp(THIS_Radius_at(p, ctx), 0.0, min(b.x, min(b.y, b.z)));
  vec3 q = abs(p - THIS_Translate) - b + r;
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0) - r;
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // As box: one square of 0..1 per face, the face chosen by the axis where
  // the point is furthest out relative to the half size.
  // Read from outside each face (u right, v up), as box does.
  Sdf res = createSdf(d);
  vec3 rel = (p - THIS_Translate) / max(THIS_Size, vec3(1e-6));
  vec3 a = abs(rel);
  if (a.x >= a.y && a.x >= a.z) {
    res.uv = vec2(rel.x < 0.0 ? rel.z : -rel.z, rel.y) + 0.5;
  } else if (a.y >= a.z) {
    res.uv = vec2(rel.x, rel.y < 0.0 ? rel.z : -rel.z) + 0.5;
  } else {
    res.uv = vec2(rel.z < 0.0 ? -rel.x : rel.x, rel.y) + 0.5;
  }
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
