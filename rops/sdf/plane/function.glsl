ReturnT thismap(CoordT p, ContextT ctx) {
  float d = dot(p, normalize(THIS_Normal)) - THIS_Offset;
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV) && defined(THIS_COORD_TYPE_vec3)
  // The point in the plane, in world units along two axes of the plane
  // (x and z for a floor).
  Sdf res = createSdf(d);
  vec3 n = normalize(THIS_Normal);
  vec3 u = normalize(cross(n, abs(n.x) < 0.9 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 0.0, 1.0)));
  res.uv = vec2(dot(p, cross(u, n)), dot(p, u));
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
