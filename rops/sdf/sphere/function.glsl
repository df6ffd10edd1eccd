ReturnT thismap(CoordT p, ContextT ctx) {
#if defined(THIS_COORD_TYPE_vec3)
  float d = length(p - THIS_Translate) - THIS_Radius_at(p, ctx);
#elif defined(THIS_COORD_TYPE_vec2)
  float d = length(p - THIS_Translate.xy) - THIS_Radius_at(p, ctx);
#else
  float d = abs(p - THIS_Translatex) - THIS_Radius_at(p, ctx);
#endif
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV) && defined(THIS_COORD_TYPE_vec3)
  // Longitude and latitude, each 0..1 (shaders/uv.glsl's convention): u
  // increases to the right seen from outside, 0.5 facing +z; v runs from 0
  // at the south pole (-y) to 1 at the north pole (+y).
  Sdf res = createSdf(d);
  vec3 q = p - THIS_Translate;
  float r = max(length(q), 1e-9);
  res.uv = vec2(atan(q.x, q.z) / TAU + 0.5, 1.0 - acos(clamp(q.y / r, -1.0, 1.0)) / PI);
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
