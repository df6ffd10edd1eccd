ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = abs(p - THIS_Translate) - THIS_Size_at(p, ctx) * 0.5;
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // One square of 0..1 per face, read from outside the face (u right, v
  // up; shaders/uv.glsl's convention, written out here so that a network
  // without UVs includes nothing): the face is the axis where the point is
  // furthest out relative to the half size.
  Sdf res = createSdf(d);
  vec3 THIS_size = max(THIS_Size_at(p, ctx), vec3(1e-6));
  vec3 r = (p - THIS_Translate) / THIS_size;
  vec3 a = abs(r);
  if (a.x >= a.y && a.x >= a.z) {
    res.uv = vec2(r.x < 0.0 ? r.z : -r.z, r.y) + 0.5;
  } else if (a.y >= a.z) {
    res.uv = vec2(r.x, r.y < 0.0 ? r.z : -r.z) + 0.5;
  } else {
    res.uv = vec2(r.z < 0.0 ? -r.x : r.x, r.y) + 0.5;
  }
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
