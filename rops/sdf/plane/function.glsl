ReturnT thismap(CoordT p, ContextT ctx) {
  float d = dot(p, normalize(THIS_Normal)) - THIS_Offset;
#ifdef THIS_RETURN_TYPE_Sdf
#if defined(ROPKIT_SDF_UV) && defined(THIS_COORD_TYPE_vec3)
  // The point in the plane, in world units, read from the side the normal
  // points to (shaders/uv.glsl): v runs up the plane (world +y laid onto
  // it), u to the right; a floor reads as a box's top, (x, -z).
  Sdf res = createSdf(d);
  vec3 n = normalize(THIS_Normal);
  vec3 up = abs(n.y) < 0.999 ? normalize(vec3(0.0, 1.0, 0.0) - n * n.y)
                             : vec3(0.0, 0.0, n.y < 0.0 ? 1.0 : -1.0);
  res.uv = vec2(dot(p, cross(up, n)), dot(p, up));
  return res;
#else
  return createSdf(d);
#endif
#else
  return d;
#endif
}
