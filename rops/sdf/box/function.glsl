ReturnT thismap(CoordT p, ContextT ctx) {
  vec3 q = abs(p - THIS_Translate) - THIS_Size_at(p, ctx) * 0.5;
  float d = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV)
  // One square of 0..1 per face, read from outside the face (u right, v
  // up; shaders/uv.glsl): the face is the axis where the point is furthest
  // out relative to the half size.
  Sdf res = createSdf(d);
  vec3 THIS_size = max(THIS_Size_at(p, ctx), vec3(1e-6));
  res.uv = ropkitBoxUV((p - THIS_Translate) / THIS_size);
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
