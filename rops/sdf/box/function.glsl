ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 THIS_size = THIS_Size_at(p, ctx) * THIS_UniformScale;
  vec3 r0 = p - THIS_Translate;
  vec3 q = abs(r0) - THIS_size * 0.5;
  // An endless axis never limits the box: its face lies infinitely far.
#if defined(THIS_InfiniteAxis_x)
  q.x = -1e20;
#elif defined(THIS_InfiniteAxis_y)
  q.y = -1e20;
#elif defined(THIS_InfiniteAxis_z)
  q.z = -1e20;
#endif
#if defined(THIS_BoxType_cheap)
  float d = max(q.x, max(q.y, q.z));
#else
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  Sdf res = createSdf(d);
  vec3 THIS_uvSize = max(THIS_size, vec3(1e-6));
#if defined(THIS_UvMode_bounds)
  vec3 THIS_b = r0 / THIS_uvSize + 0.5;
#if defined(THIS_InfiniteAxis_x)
  THIS_b.x = r0.x;
#elif defined(THIS_InfiniteAxis_y)
  THIS_b.y = r0.y;
#endif
  res.uv = THIS_b.xy;
#else
  // One square of 0..1 per face, read from outside the face (u right, v
  // up; shaders/uv.glsl's convention, written out here so that a network
  // without UVs includes nothing): the face is the axis where the point is
  // furthest out relative to the half size.
  vec3 r = r0 / THIS_uvSize;
  vec3 a = abs(r);
  if (a.x >= a.y && a.x >= a.z) {
    res.uv = vec2(r.x < 0.0 ? r.z : -r.z, r.y) + 0.5;
  } else if (a.y >= a.z) {
    res.uv = vec2(r.x, r.y < 0.0 ? r.z : -r.z) + 0.5;
  } else {
    res.uv = vec2(r.z < 0.0 ? -r.x : r.x, r.y) + 0.5;
  }
#endif
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
